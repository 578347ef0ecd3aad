import { useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Field,
  FieldError,
  Label,
  Spinner,
  Textarea,
  errorMessage,
  formatAmount,
  formatDate,
  toast,
  useLiveTopics,
} from '@portal/shared-ui';
import {
  campaignReviewApi,
  useCampaignReviewQuery,
  useDecideCampaignMutation,
  type ReviewCampaign,
} from '../api/campaign-review';

const Item = styled(Card)`margin-bottom: 12px;`;
const Text = styled.p`white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0;`;
const money = (v: string, c: ReviewCampaign) => `${formatAmount(v, c.currency.scale)} ${c.currency.symbol}`;

function Review({ campaign: c }: { campaign: ReviewCampaign }) {
  const [decide, { isLoading }] = useDecideCampaignMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const act = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) return setError('Please give a reason the owner will see.');
    try {
      await decide({ id: c.id, decision, reason: reason.trim() }).unwrap();
      toast({ title: decision === 'approve' ? 'Campaign Approved' : 'Campaign Rejected', description: c.company_name });
    } catch (err) {
      toast({ title: 'Review Failed', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Item data-testid="campaign-review">
      <CardHeader>
        <CardTitle as="h2" style={{ fontSize: 17 }}>
          {c.company_name}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div>
          Target {money(c.target_amount, c)} · minimum {money(c.min_investment, c)} · {c.equity_offered_percentage}%
          equity · by {c.owner.full_name ?? c.owner.username}
          {c.submitted_at ? ` · submitted ${formatDate(c.submitted_at)}` : ''}
        </div>
        {c.tagline && (
          <Text>
            <strong>{c.tagline}</strong>
          </Text>
        )}
        <Text>{c.description}</Text>
        <Field style={{ marginTop: 12 }}>
          <Label htmlFor={`reason-${c.id}`}>Reason (to reject)</Label>
          <Textarea
            id={`reason-${c.id}`}
            rows={2}
            maxLength={1000}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
          />
          {error && <FieldError>{error}</FieldError>}
        </Field>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="button" disabled={isLoading} onClick={() => act('approve')}>
            Approve
          </Button>
          <Button type="button" $variant="outline" disabled={isLoading} onClick={() => act('reject')}>
            Reject
          </Button>
        </div>
      </CardContent>
    </Item>
  );
}

/** /admin/campaigns: campaigns pending approval, oldest submission first. */
export function CampaignReviewPage() {
  const { data, isLoading, error } = useCampaignReviewQuery();
  useLiveTopics(['admin:campaigns'], campaignReviewApi, ['CampaignReview']);
  return (
    <section data-testid="admin-campaigns">
      <h1 style={{ marginTop: 0, fontSize: 24 }}>Campaign Review</h1>
      {isLoading ? (
        <CenteredMessage role="status">
          <Spinner /> Loading campaigns...
        </CenteredMessage>
      ) : error ? (
        <CenteredMessage role="alert">Campaigns could not be loaded: {errorMessage(error)}</CenteredMessage>
      ) : !data?.campaigns.length ? (
        <CenteredMessage>No campaigns waiting for review.</CenteredMessage>
      ) : (
        data.campaigns.map((c) => <Review key={c.id} campaign={c} />)
      )}
    </section>
  );
}
