import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Field,
  FieldError,
  Input,
  Label,
  Link,
  MoneyDialog,
  Spinner,
  Textarea,
  errorMessage,
  formatDate,
  formatDateTime,
  isNotFound,
  toast,
  useMoneyAction,
  useParams,
  useSession,
  useLiveTopics,
} from '@portal/shared-ui';
import {
  Back,
  CampaignStatus,
  InvestmentStatus,
  Muted,
  Page,
  Progress,
  Row,
  UserText,
  moneyText,
} from '../../../lib/ui';
import {
  campaignApi,
  useCancelInvestmentMutation,
  useGetCampaignQuery,
  usePostCommentMutation,
  usePostUpdateMutation,
  useSubmitForReviewMutation,
  type CampaignPageData,
} from '../api/campaign';
import { InvestPanel } from './InvestPanel';

const Layout = styled.div`display: grid; gap: 16px; grid-template-columns: 1fr; @media (min-width: 900px) { grid-template-columns: 2fr 1fr; }`;
const Col = styled.div`display: grid; gap: 16px; align-content: start; min-width: 0;`;
const Facts = styled.dl`display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; font-size: 14px; dt { color: ${(p) => p.theme.colors.mutedForeground}; } dd { margin: 0; overflow-wrap: anywhere; }`;
const Section = styled.section`h3 { font-size: 15px; margin: 16px 0 4px; }`;
const Item = styled.li`list-style: none; padding: 12px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; &:last-child { border-bottom: 0; }`;
const who = (p: { full_name: string | null; username: string | null }) => p.full_name ?? p.username ?? 'User';

function OwnerPanel({ data }: { data: CampaignPageData }) {
  const c = data.campaign;
  const [submit, submitting] = useSubmitForReviewMutation();
  const [post, posting] = usePostUpdateMutation();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const editable = ['draft', 'pending_approval', 'rejected'].includes(c.status);
  const live = ['active', 'funded', 'closed'].includes(c.status);
  const sendForReview = async () => {
    try {
      await submit(c.id).unwrap();
      toast({ title: 'Submitted for Review', description: 'An administrator reviews it before it goes live.' });
    } catch (err) {
      toast({ title: 'Submission Failed', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const postUpdate = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !content.trim()) return setError('Please fill in the title and the text of the update.');
    try {
      await post({ id: c.id, title: title.trim(), content: content.trim() }).unwrap();
      setTitle('');
      setContent('');
      setError('');
      toast({ title: 'Update Posted', description: 'Your investors get it by e-mail.' });
    } catch (err) {
      toast({ title: 'Failed to post update', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Card data-testid="owner-panel">
      <CardHeader>
        <CardTitle as="h2">Your campaign</CardTitle>
      </CardHeader>
      <CardContent>
        <Row style={{ marginBottom: 8 }}>
          <CampaignStatus status={c.status} />
        </Row>
        {c.status === 'rejected' && c.rejection_reason && (
          <FieldError role="alert">Rejected: {c.rejection_reason}</FieldError>
        )}
        {c.status === 'pending_approval' && <Muted>In review: it goes live when an administrator approves it.</Muted>}
        <Row style={{ marginTop: 12 }}>
          {editable && (
            <Button as={Link} to={`/create-campaign?edit=${c.id}`} $variant="outline" $size="sm">
              Edit
            </Button>
          )}
          {(c.status === 'draft' || c.status === 'rejected') && (
            <Button type="button" $size="sm" disabled={submitting.isLoading} onClick={sendForReview}>
              Submit for Review
            </Button>
          )}
        </Row>
        {live && (
          <form onSubmit={postUpdate} noValidate style={{ marginTop: 16 }}>
            <Field>
              <Label htmlFor="update-title">Update title</Label>
              <Input id="update-title" maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
            </Field>
            <Field>
              <Label htmlFor="update-content">Update</Label>
              <Textarea
                id="update-content"
                rows={4}
                maxLength={10000}
                value={content}
                onChange={(e) => setContent(e.target.value)}
              />
              {error && <FieldError>{error}</FieldError>}
            </Field>
            <Button type="submit" $size="sm" disabled={posting.isLoading}>
              Post Update
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function MyInvestments({ data }: { data: CampaignPageData }) {
  const [cancel] = useCancelInvestmentMutation();
  const c = data.campaign;
  const amountOf = (investmentId: string) =>
    moneyText(data.my_investments.find((i) => i.id === investmentId)?.amount_invested ?? '0', c.currency);
  const action = useMoneyAction({
    send: (body: { investmentId: string }, request) => cancel({ ...body, ...request }).unwrap(),
    onSuccess: (_, b) =>
      toast({ title: 'Investment Cancelled', description: `${amountOf(b.investmentId)} returned to your wallet.` }),
    onRefused: (err) => toast({ title: 'Cancellation Failed', description: errorMessage(err), variant: 'destructive' }),
  });
  if (!data.my_investments.length) return null;
  return (
    <Card data-testid="my-investments-here">
      <CardHeader>
        <CardTitle as="h2">Your investments</CardTitle>
      </CardHeader>
      <CardContent>
        <ul style={{ margin: 0, padding: 0 }}>
          {data.my_investments.map((i) => (
            <Item key={i.id}>
              <Row style={{ justifyContent: 'space-between' }}>
                <strong>{moneyText(i.amount_invested, c.currency)}</strong>
                <InvestmentStatus status={i.status} />
              </Row>
              <Muted>
                {formatDateTime(i.created_at)}
                {i.cancellable_until ? ` · can be cancelled until ${formatDateTime(i.cancellable_until)}` : ''}
              </Muted>
              {i.status === 'pending_verification' &&
                c.status === 'active' &&
                (!i.cancellable_until || new Date(i.cancellable_until) > new Date()) && (
                  <Button
                    type="button"
                    $size="sm"
                    $variant="outline"
                    style={{ marginTop: 6 }}
                    onClick={() => action.open({ investmentId: i.id })}
                  >
                    Cancel Investment
                  </Button>
                )}
            </Item>
          ))}
        </ul>
      </CardContent>
      <MoneyDialog
        action={action}
        title="Cancel Investment"
        confirmLabel="Cancel Investment"
        summary={(b) => `${amountOf(b.investmentId)} returns from escrow to your wallet.`}
      />
    </Card>
  );
}

function Comments({ data }: { data: CampaignPageData }) {
  const [post, { isLoading }] = usePostCommentMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Please write a comment.');
    try {
      await post({ id: data.campaign.id, comment_text: text.trim() }).unwrap();
      setText('');
      setError('');
      toast({ title: 'Comment Posted!', description: 'Everyone who opens the campaign can read it.' });
    } catch (err) {
      toast({ title: 'Failed to post comment', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Comments</CardTitle>
      </CardHeader>
      <CardContent>
        {data.comments.length === 0 ? (
          <Muted>No comments yet.</Muted>
        ) : (
          <ul style={{ margin: 0, padding: 0 }}>
            {data.comments.map((k) => (
              <Item key={k.id} data-testid="comment">
                <Row>
                  <Avatar src={k.commenter.avatar_url} name={who(k.commenter)} size={28} />
                  <strong>{who(k.commenter)}</strong>
                  <Muted as="span">{formatDateTime(k.created_at)}</Muted>
                </Row>
                <UserText style={{ marginTop: 6 }}>{k.comment_text}</UserText>
              </Item>
            ))}
          </ul>
        )}
        <form onSubmit={submit} noValidate style={{ marginTop: 12 }}>
          <Field>
            <Label htmlFor="comment-text">Add a comment</Label>
            <Textarea
              id="comment-text"
              rows={3}
              maxLength={2000}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError('');
              }}
            />
            {error && <FieldError>{error}</FieldError>}
          </Field>
          <Button type="submit" $size="sm" disabled={isLoading}>
            Post Comment
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** /campaign/{campaignId} (docs/product.md "Campaigns and investments"): the pitch, progress capped at 100%, updates newest first, comments oldest first, the invest form where allowed. */
export function CampaignPage() {
  const { campaignId = '' } = useParams();
  const session = useSession();
  const { data, isLoading, error } = useGetCampaignQuery(campaignId);
  useLiveTopics([`campaign:${campaignId}`], campaignApi, ['Campaign']);
  if (isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading campaign...
      </CenteredMessage>
    );
  if (error || !data) {
    return (
      <Page>
        <Back to="/browse-campaigns">← Back to Campaigns</Back>
        <CenteredMessage role="alert" data-testid="campaign-not-found">
          {isNotFound(error) ? 'Campaign not found.' : `Error fetching campaign details: ${errorMessage(error)}`}
        </CenteredMessage>
      </Page>
    );
  }
  const c = data.campaign;
  const pitch: [string, string | null][] = [
    ['The problem', c.problem_solved],
    ['Our solution', c.solution_description],
    ['Market size', c.market_size],
    ['Business model', c.business_model],
    ['Team', c.team_description],
  ];
  return (
    <Page>
      <Back to="/browse-campaigns">← Back to Campaigns</Back>
      <Layout>
        <Col>
          <Card>
            <CardHeader>
              <Row style={{ justifyContent: 'space-between' }}>
                <Row>
                  <Avatar src={c.company_logo_url} name={c.company_name} size={48} />
                  <CardTitle as="h1" style={{ fontSize: 24, overflowWrap: 'anywhere' }}>
                    {c.company_name}
                  </CardTitle>
                </Row>
                <CampaignStatus status={c.status} />
              </Row>
            </CardHeader>
            <CardContent>
              {c.tagline && <p style={{ marginTop: 0, fontSize: 17 }}>{c.tagline}</p>}
              <UserText>{c.description}</UserText>
              {pitch
                .filter(([, v]) => v)
                .map(([h, v]) => (
                  <Section key={h}>
                    <h3>{h}</h3>
                    <UserText>{v}</UserText>
                  </Section>
                ))}
              <Row style={{ marginTop: 16 }}>
                {c.website_url && (
                  <a href={c.website_url} target="_blank" rel="noopener noreferrer nofollow">
                    Website
                  </a>
                )}
                {c.pitch_deck_url && (
                  <a href={c.pitch_deck_url} target="_blank" rel="noopener noreferrer nofollow">
                    Pitch deck
                  </a>
                )}
              </Row>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Updates</CardTitle>
            </CardHeader>
            <CardContent>
              {data.updates.length === 0 ? (
                <Muted>No updates yet.</Muted>
              ) : (
                <ul style={{ margin: 0, padding: 0 }}>
                  {data.updates.map((u) => (
                    <Item key={u.id} data-testid="update">
                      <strong>{u.title}</strong> <Muted as="span">· {formatDate(u.created_at)}</Muted>
                      <UserText style={{ marginTop: 6 }}>{u.content}</UserText>
                    </Item>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Comments data={data} />
        </Col>
        <Col>
          <Card data-testid="funding">
            <CardContent style={{ paddingTop: 20 }}>
              <div style={{ fontSize: 22, fontWeight: 700 }}>{moneyText(c.funds_raised, c.currency)}</div>
              <Muted style={{ marginBottom: 8 }}>
                raised of {moneyText(c.target_amount, c.currency)} · {c.progress_percent}%
              </Muted>
              <Progress percent={c.progress_percent} />
              <Facts style={{ marginTop: 12 }}>
                <dt>Investors</dt>
                <dd>{c.investor_count}</dd>
                {c.days_left !== null && (
                  <>
                    <dt>Days left</dt>
                    <dd>{c.days_left}</dd>
                  </>
                )}
                <dt>Equity offered</dt>
                <dd>{c.equity_offered_percentage}%</dd>
                {c.valuation && (
                  <>
                    <dt>Valuation</dt>
                    <dd>{moneyText(c.valuation, c.currency)}</dd>
                  </>
                )}
                <dt>Minimum</dt>
                <dd>{moneyText(c.min_investment, c.currency)}</dd>
                {c.max_investment && (
                  <>
                    <dt>Maximum</dt>
                    <dd>{moneyText(c.max_investment, c.currency)}</dd>
                  </>
                )}
                {c.campaign_end_date && (
                  <>
                    <dt>Ends</dt>
                    <dd>{formatDate(`${c.campaign_end_date}T12:00:00Z`)}</dd>
                  </>
                )}
              </Facts>
            </CardContent>
          </Card>
          {data.role === 'owner' ? (
            <OwnerPanel data={data} />
          ) : session.status !== 'signedIn' ? (
            <Card>
              <CardContent style={{ paddingTop: 20 }}>
                <Link to="/auth">Log in to invest</Link>
              </CardContent>
            </Card>
          ) : data.can_invest ? (
            <InvestPanel campaign={c} />
          ) : (
            data.restriction && (
              <Card data-testid="invest-restriction">
                <CardContent style={{ paddingTop: 20 }}>
                  <Muted>{data.restriction}</Muted>
                </CardContent>
              </Card>
            )
          )}
          <MyInvestments data={data} />
        </Col>
      </Layout>
    </Page>
  );
}
