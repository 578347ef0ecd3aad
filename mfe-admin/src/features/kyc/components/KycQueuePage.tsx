import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  CenteredMessage,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  errorMessage,
  formatDate,
  formatDateTime,
  Label,
  media,
  Spinner,
  toast,
  type BadgeKind,
  Textarea,
  useLiveTopics,
} from '@portal/shared-ui';
import {
  fetchDocument,
  kycApi,
  useGetAuditQuery,
  useGetKycQueueQuery,
  useReviewKycMutation,
  useSetAccreditedMutation,
  type KycQueueItem,
  type QueueFilter,
} from '../api/kyc-api';
import { PendingWithoutSubmission } from './PendingWithoutSubmission';

const Head = styled.div`display: flex; justify-content: space-between; align-items: center; gap: 12px; flex-wrap: wrap; margin-bottom: 16px; h1 { margin: 0; font-size: 24px; }`;
const Layout = styled.div`display: grid; gap: 16px; grid-template-columns: 1fr; ${media.lg} { grid-template-columns: minmax(280px, 360px) 1fr; } align-items: start;`;
const List = styled(Card)`overflow: hidden;`;
const Item = styled.button<{ $active: boolean }>`
  display: flex; width: 100%; text-align: left; gap: 10px; justify-content: space-between; align-items: center;
  padding: 12px 14px; border: 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; cursor: pointer;
  background: ${(p) => (p.$active ? '#eff6ff' : p.theme.colors.background)}; font: inherit; color: inherit;
  &:last-child { border-bottom: 0; } &:hover { background: #f8fafc; }
  strong { display: block; font-size: 14px; } small { color: ${(p) => p.theme.colors.mutedForeground}; font-size: 12px; }
`;
const Detail = styled(Card)`padding: 20px;`;
const Facts = styled.dl`
  display: grid; grid-template-columns: 160px 1fr; gap: 8px 12px; margin: 0 0 16px; font-size: 14px;
  dt { color: ${(p) => p.theme.colors.mutedForeground}; } dd { margin: 0; font-weight: 500; overflow-wrap: anywhere; }
`;
const DocBox = styled.div`
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 8px; background: #f8fafc; min-height: 160px;
  display: flex; align-items: center; justify-content: center; margin-bottom: 16px; overflow: hidden;
  img { max-width: 100%; max-height: 420px; display: block; }
`;
const Actions = styled.div`display: flex; gap: 8px; flex-wrap: wrap; align-items: center;`;
const Filter = styled.div`display: flex; gap: 6px;`;
const Err = styled.p`color: ${(p) => p.theme.colors.destructive}; font-size: 13px; margin: 6px 0 0;`;

const kind = (s: string): BadgeKind =>
  s === 'approved' || s === 'verified' ? 'green' : s === 'pending' ? 'yellow' : s === 'rejected' ? 'red' : 'grey';
const DOC: Record<string, string> = {
  passport: 'Passport',
  national_id: 'National ID card',
  drivers_license: "Driver's license",
};
const regionName = (code: string) => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

function DocumentImage({ id }: { id: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    let made: string | null = null;
    setUrl(null);
    setProblem(null);
    fetchDocument(id)
      .then((u) => {
        made = u;
        if (!cancelled) setUrl(u);
      })
      .catch((e) => !cancelled && setProblem(errorMessage(e)));
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return (
    <DocBox>
      {url ? (
        <img src={url} alt="Identity document" data-testid="kyc-document" />
      ) : problem ? (
        <span>{problem}</span>
      ) : (
        <Spinner />
      )}
    </DocBox>
  );
}

const History = styled.ol`
  list-style: none; margin: 16px 0 0; padding: 12px 0 0; border-top: 1px solid ${(p) => p.theme.colors.border}; font-size: 13px;
  h3 { font-size: 14px; margin: 0 0 8px; } li { margin: 4px 0; color: ${(p) => p.theme.colors.mutedForeground}; } strong { color: ${(p) => p.theme.colors.foreground}; font-weight: 500; }
`;

/** Audit entries of this submission: who decided what, when (before -> after kept in the log). */
function ReviewHistory({ id }: { id: string }) {
  const { data } = useGetAuditQuery(`kyc_submission:${id}`);
  const entries = data?.entries ?? [];
  if (!entries.length) return null;
  return (
    <History aria-label="Review history" data-testid="kyc-history">
      <h3>Audit log</h3>
      {entries.map((e) => (
        <li key={e.id}>
          <strong>{e.action_words}</strong> by {e.actor_name ?? 'an admin'} · {formatDateTime(e.created_at)}
          {e.before && e.after ? ` · KYC ${String(e.before.kyc_status)} → ${String(e.after.kyc_status)}` : ''}
        </li>
      ))}
    </History>
  );
}

type Pending = { decision: 'approve' | 'reject' } | { accredited: boolean } | null;

/** One person's submission; `onActing` pins the pane on them (before a decision takes them off the pending list, and with the answer's state after); `next` moves on. */
function SubmissionDetail({
  s,
  onActing,
  next,
}: {
  s: KycQueueItem;
  onActing: (s: KycQueueItem) => void;
  next?: () => void;
}) {
  const [confirm, setConfirm] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [review, { isLoading }] = useReviewKycMutation();
  const [setAccredited, { isLoading: flagging }] = useSetAccreditedMutation();

  async function run() {
    if (!confirm) return;
    onActing(s);
    try {
      if ('decision' in confirm) {
        if (confirm.decision === 'reject' && !reason.trim()) {
          setReasonError('Give the reason the user will see.');
          return;
        }
        const decided = await review({
          id: s.id,
          decision: confirm.decision,
          reason: confirm.decision === 'reject' ? reason.trim() : undefined,
        }).unwrap();
        onActing({
          ...s,
          status: confirm.decision === 'approve' ? 'approved' : 'rejected',
          review_note: decided.review_note,
          user: { ...s.user, kyc_status: decided.kyc_status },
        });
        toast({
          title: confirm.decision === 'approve' ? 'KYC Approved' : 'KYC Rejected',
          description: `${s.legal_name}: ${confirm.decision === 'approve' ? 'identity verified' : 'the user sees your reason'}.`,
          variant: 'success',
        });
      } else {
        const updated = await setAccredited({ id: s.user.id, value: confirm.accredited }).unwrap();
        onActing({ ...s, user: { ...s.user, is_accredited_investor: updated.is_accredited_investor } });
        toast({
          title: 'User Updated',
          description: confirm.accredited ? 'Marked as an accredited investor.' : 'Accredited investor flag removed.',
          variant: 'success',
        });
      }
      setConfirm(null);
      setReason('');
      setReasonError(null);
    } catch (e) {
      toast({ title: 'Action Failed', description: errorMessage(e), variant: 'destructive' });
    }
  }

  return (
    <Detail data-testid="kyc-detail">
      <Head>
        <h2 style={{ margin: 0, fontSize: 20 }}>{s.legal_name}</h2>
        <Actions>
          <Badge $kind={kind(s.status)} data-testid="kyc-detail-status">
            {s.status}
          </Badge>
          {next && (
            <Button type="button" $size="sm" $variant="outline" onClick={next}>
              Next
            </Button>
          )}
        </Actions>
      </Head>
      <Facts>
        <dt>Account</dt>
        <dd>
          {s.user.full_name ?? 'N/A'} · {s.user.email}
          {s.user.username ? ` · @${s.user.username}` : ''}
        </dd>
        <dt>Customer ID</dt>
        <dd>{s.user.customer_id}</dd>
        <dt>Date of birth</dt>
        <dd>{formatDate(`${s.date_of_birth}T00:00:00`)}</dd>
        <dt>Country</dt>
        <dd>
          {regionName(s.country)} ({s.country})
        </dd>
        <dt>Document</dt>
        <dd>
          {DOC[s.document_type] ?? s.document_type} · {s.document_number}
        </dd>
        <dt>Submitted</dt>
        <dd>{formatDateTime(s.created_at)}</dd>
        {s.reviewed_at && (
          <>
            <dt>Reviewed</dt>
            <dd>
              {formatDateTime(s.reviewed_at)}
              {s.reviewer?.full_name ? ` by ${s.reviewer.full_name}` : ''}
            </dd>
          </>
        )}
        {s.review_note && (
          <>
            <dt>Reason</dt>
            <dd>{s.review_note}</dd>
          </>
        )}
        <dt>Accredited investor</dt>
        <dd>{s.user.is_accredited_investor ? 'Yes' : 'No'}</dd>
      </Facts>
      <DocumentImage id={s.id} />
      <Actions>
        {s.status === 'pending' && (
          <>
            <Button type="button" onClick={() => setConfirm({ decision: 'approve' })}>
              Approve
            </Button>
            <Button type="button" $variant="destructive" onClick={() => setConfirm({ decision: 'reject' })}>
              Reject
            </Button>
          </>
        )}
        <Button
          type="button"
          $variant="outline"
          disabled={flagging}
          onClick={() => setConfirm({ accredited: !s.user.is_accredited_investor })}
        >
          {s.user.is_accredited_investor ? 'Remove accredited investor' : 'Mark as accredited investor'}
        </Button>
      </Actions>
      <ReviewHistory id={s.id} />
      <Dialog open={confirm !== null} onOpenChange={(o) => !o && !isLoading && setConfirm(null)} label="Confirm">
        {confirm && 'decision' in confirm ? (
          <>
            <DialogTitle>
              {confirm.decision === 'approve' ? 'Approve this verification?' : 'Reject this verification?'}
            </DialogTitle>
            <DialogDescription>
              {confirm.decision === 'approve'
                ? `${s.legal_name}'s identity will be marked as verified.`
                : 'The user will see your reason and can resubmit documents.'}
            </DialogDescription>
            {confirm.decision === 'reject' && (
              <>
                <Label htmlFor="reject-reason">Reason shown to the user</Label>
                <Textarea
                  id="reject-reason"
                  value={reason}
                  maxLength={500}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError(null);
                  }}
                  placeholder="e.g. The document photo is blurred; please upload a sharper image."
                />
                {reasonError && <Err role="alert">{reasonError}</Err>}
              </>
            )}
          </>
        ) : confirm ? (
          <>
            <DialogTitle>
              {confirm.accredited ? 'Mark as accredited investor?' : 'Remove accredited investor status?'}
            </DialogTitle>
            <DialogDescription>
              {s.user.full_name ?? s.user.email}{' '}
              {confirm.accredited
                ? 'will be able to invest in campaigns restricted to accredited investors.'
                : 'will no longer see investor-only features.'}
            </DialogDescription>
          </>
        ) : null}
        <DialogFooter>
          <Button type="button" $variant="outline" onClick={() => setConfirm(null)} disabled={isLoading || flagging}>
            Cancel
          </Button>
          <Button
            type="button"
            $variant={confirm && 'decision' in confirm && confirm.decision === 'reject' ? 'destructive' : 'default'}
            onClick={run}
            disabled={isLoading || flagging}
          >
            {confirm && 'decision' in confirm ? (confirm.decision === 'approve' ? 'Approve' : 'Reject') : 'Confirm'}
          </Button>
        </DialogFooter>
      </Dialog>
    </Detail>
  );
}

/**
 * The submission the pane shows: the one chosen (clicked, or acted on), with its state now, even after
 * a decision took it off the pending list (then read from the whole queue; until that answers, the
 * copy acted on); otherwise the first. Never another person without the admin asking (Next).
 */
function useShownSubmission(status: QueueFilter, items: KycQueueItem[]) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [actedOn, setActedOn] = useState<KycQueueItem | null>(null);
  const inList = items.find((s) => s.id === chosen);
  const leftList = chosen !== null && !inList && status === 'pending';
  const { data: everyone } = useGetKycQueueQuery('all', { skip: !leftList });
  const decided = leftList
    ? (everyone?.submissions.find((s) => s.id === chosen) ?? (actedOn?.id === chosen ? actedOn : undefined))
    : undefined;
  const shown = inList ?? decided ?? items[0];
  // Next: the following submission still waiting, else the first one waiting
  const at = items.findIndex((s) => s.id === shown?.id);
  const waiting = items.filter((s) => s.status === 'pending' && s.id !== shown?.id);
  const next = waiting.find((s) => items.indexOf(s) > at) ?? waiting[0];
  return {
    shown,
    choose: setChosen,
    acting: (s: KycQueueItem) => {
      setChosen(s.id);
      setActedOn(s);
    },
    next: next ? () => setChosen(next.id) : undefined,
  };
}

/**
 * /admin/kyc: every user whose KYC needs an admin: users marked pending with nothing to review,
 * then the review queue, pending first (oldest first), with the submission and its document.
 * After a decision the pane stays on that person with their new state (an admin's next click must
 * not land on someone else's "Mark as accredited investor"); Next moves on.
 */
export function KycQueuePage() {
  const [status, setStatus] = useState<QueueFilter>('pending');
  const { data, error, isLoading } = useGetKycQueueQuery(status);
  useLiveTopics(['admin:kyc'], kycApi, ['Kyc']);

  useEffect(() => {
    if (error) toast({ title: 'Error fetching submissions', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  const items = data?.submissions ?? [];
  const { shown: current, choose, acting, next } = useShownSubmission(status, items);
  const empty = (
    <CenteredMessage>
      {status === 'pending' ? 'No submissions waiting for review.' : 'No submissions yet.'}
    </CenteredMessage>
  );
  return (
    <section data-testid="admin-kyc">
      <Head>
        <h1>KYC Review</h1>
        <Filter role="group" aria-label="Show">
          <Button
            type="button"
            $size="sm"
            $variant={status === 'pending' ? 'default' : 'outline'}
            onClick={() => setStatus('pending')}
          >
            Pending
          </Button>
          <Button
            type="button"
            $size="sm"
            $variant={status === 'all' ? 'default' : 'outline'}
            onClick={() => setStatus('all')}
          >
            All
          </Button>
        </Filter>
      </Head>
      <PendingWithoutSubmission users={data?.pending_without_submission ?? []} />
      {isLoading ? (
        <CenteredMessage role="status">
          <Spinner /> Loading submissions...
        </CenteredMessage>
      ) : !current ? (
        empty
      ) : (
        <Layout>
          <List as="nav" aria-label="Submissions">
            {items.length === 0 && empty}
            {items.map((s) => (
              <Item
                key={s.id}
                type="button"
                $active={s.id === current.id}
                onClick={() => choose(s.id)}
                data-testid="kyc-item"
              >
                <span>
                  <strong>{s.legal_name}</strong>
                  <small>
                    {s.user.email} · {formatDate(s.created_at)}
                  </small>
                </span>
                <Badge $kind={kind(s.status)}>{s.status}</Badge>
              </Item>
            ))}
          </List>
          <SubmissionDetail key={current.id} s={current} onActing={acting} next={next} />
        </Layout>
      )}
    </section>
  );
}
