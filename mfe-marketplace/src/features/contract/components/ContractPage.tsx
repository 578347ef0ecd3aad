import { useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  MoneyDialog,
  Spinner,
  compareAmounts,
  errorMessage,
  formatDate,
  formatDateTime,
  isNotFound,
  toast,
  useLiveTopics,
  useMoneyAction,
  useParams,
} from '@portal/shared-ui';
import { Back, Muted, Page, Row, StatusBadge, UserText, moneyText } from '../../../lib/ui';
import {
  contractApi,
  useGetContractQuery,
  useLazyPayQuoteQuery,
  useMoveMilestoneMutation,
  useSettleMilestoneMutation,
  type ContractPageData,
  type Milestone,
} from '../api/contract';
import { AddMilestoneDialog } from './AddMilestoneDialog';
import { NoteDialog } from './NoteDialog';

const NOT_FOUND = 'Contract not found or you do not have permission to view it.';
const Facts = styled.dl`display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; font-size: 14px; dt { color: ${(p) => p.theme.colors.mutedForeground}; } dd { margin: 0; overflow-wrap: anywhere; }`;
const Item = styled.li`list-style: none; padding: 16px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; &:last-child { border-bottom: 0; } h3 { margin: 0; font-size: 16px; overflow-wrap: anywhere; }`;
const Note = styled.div`margin-top: 8px; font-size: 14px; padding: 8px 10px; border-radius: 8px; background: ${(p) => p.theme.colors.muted};`;
const Movements = styled.table`width: 100%; border-collapse: collapse; font-size: 14px; td { padding: 6px 4px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; vertical-align: top; } td:last-child { text-align: right; white-space: nowrap; }`;

type Dialogs = { kind: 'submit' | 'request-changes' | 'dispute'; milestone: Milestone } | null;
const NOTE_DIALOG = {
  submit: {
    title: 'Submit Milestone',
    description: 'The client is asked to approve and pay it.',
    label: 'Notes for the client (optional)',
    action: 'Submit',
    required: false,
    field: 'notes',
    toast: 'Milestone Submitted',
    fail: 'Failed to Submit Milestone',
  },
  'request-changes': {
    title: 'Request Changes',
    description: 'The milestone goes back to the freelancer; its money stays in escrow.',
    label: 'What should change?',
    action: 'Request Changes',
    required: true,
    field: 'note',
    toast: 'Changes Requested',
    fail: 'Failed to Request Changes',
  },
  dispute: {
    title: 'Dispute Milestone',
    description:
      'The money stays in escrow until an administrator reviews the dispute and decides (spec: disputes follow a review, no refund is guaranteed).',
    label: 'Reason',
    action: 'Open Dispute',
    required: true,
    field: 'reason',
    toast: 'Dispute Opened',
    fail: 'Failed to Open Dispute',
  },
} as const;

/** Approve & Pay (the quote states the 1% fee first) and Cancel Milestone: the client's PIN actions on a milestone. */
function useSettleActions(asset: ContractPageData['contract']['asset'] | undefined) {
  const money = (v: string) => (asset ? moneyText(v, asset) : v);
  const [payQuote] = useLazyPayQuoteQuery();
  const [settleMilestone] = useSettleMilestoneMutation();
  const approve = useMoneyAction({
    send: (m: Milestone, request) => settleMilestone({ id: m.id, action: 'approve', ...request }).unwrap(),
    quote: (m) => payQuote(m.id).unwrap(),
    onSuccess: (_, _m, quote) =>
      toast({
        title: 'Milestone Approved & Paid!',
        description: `${money(quote?.freelancer_receives ?? '0')} was paid to the freelancer.`,
      }),
    onRefused: (err) =>
      toast({ title: 'Failed to Approve Milestone', description: errorMessage(err), variant: 'destructive' }),
  });
  const cancel = useMoneyAction({
    send: (m: Milestone, request) => settleMilestone({ id: m.id, action: 'cancel', ...request }).unwrap(),
    onSuccess: (_, m) =>
      toast({ title: 'Milestone Cancelled', description: `${money(m.amount)} returned to your wallet.` }),
    onRefused: (err) =>
      toast({ title: 'Failed to Cancel Milestone', description: errorMessage(err), variant: 'destructive' }),
  });
  return { approve, cancel };
}

/** /contract/{contractId} (docs/product.md "Marketplace"): parties, asset, agreed amount, terms, start date, milestones and every escrow movement. */
export function ContractPage() {
  const { contractId = '' } = useParams();
  const { data, isLoading, error } = useGetContractQuery(contractId);
  useLiveTopics([`contract:${contractId}`], contractApi, ['Contract']);
  const [adding, setAdding] = useState(false);
  const [noteDialog, setNoteDialog] = useState<Dialogs>(null);
  const settle = useSettleActions(data?.contract.asset);
  const [moveMilestone, moving] = useMoveMilestoneMutation();

  if (isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading contract...
      </CenteredMessage>
    );
  if (error || !data) {
    return (
      <Page>
        <Back to="/my-projects">← Back to My Projects</Back>
        <CenteredMessage role="alert" data-testid="contract-not-found">
          {isNotFound(error) ? NOT_FOUND : `Error fetching contract details: ${errorMessage(error)}`}
        </CenteredMessage>
      </Page>
    );
  }
  const { contract, role, milestones, movements } = data;
  const active = contract.status === 'active';
  const asset = contract.asset;

  const confirmNote = async (text: string) => {
    if (!noteDialog) return;
    const spec = NOTE_DIALOG[noteDialog.kind];
    try {
      await moveMilestone({
        id: noteDialog.milestone.id,
        action: noteDialog.kind,
        body: { [spec.field]: text || null },
      }).unwrap();
      toast({ title: spec.toast, description: noteDialog.milestone.title });
      setNoteDialog(null);
    } catch (err) {
      toast({ title: spec.fail, description: errorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <Page>
      <Back to="/my-projects">← Back to My Projects</Back>
      <div style={{ display: 'grid', gap: 16 }}>
        <Card>
          <CardHeader>
            <Row style={{ justifyContent: 'space-between' }}>
              <CardTitle as="h1" style={{ fontSize: 24, overflowWrap: 'anywhere' }}>
                {contract.project.title}
              </CardTitle>
              <StatusBadge status={contract.status} />
            </Row>
          </CardHeader>
          <CardContent>
            <Facts data-testid="contract-facts">
              <dt>Client</dt>
              <dd>
                {contract.client.full_name ?? contract.client.username}
                {role === 'client' ? ' (you)' : ''}
              </dd>
              <dt>Freelancer</dt>
              <dd>
                {contract.freelancer.full_name ?? contract.freelancer.username}
                {role === 'freelancer' ? ' (you)' : ''}
              </dd>
              <dt>Asset</dt>
              <dd>
                {asset.symbol} · {asset.name}
              </dd>
              <dt>Agreed amount</dt>
              <dd>{moneyText(contract.agreed_amount, asset)}</dd>
              <dt>Start date</dt>
              <dd>{formatDate(contract.start_date)}</dd>
              <dt>Terms</dt>
              <dd>{contract.contract_terms ? <UserText>{contract.contract_terms}</UserText> : 'None'}</dd>
            </Facts>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <Row style={{ justifyContent: 'space-between' }}>
              <CardTitle as="h2">Milestones</CardTitle>
              {role === 'client' && active && (
                <Button type="button" onClick={() => setAdding(true)}>
                  Add Milestone
                </Button>
              )}
            </Row>
          </CardHeader>
          <CardContent>
            {milestones.length === 0 ? (
              <Muted>
                No milestones yet.
                {role === 'client'
                  ? ' Add one to fund the first part of the work.'
                  : ' The client adds and funds them.'}
              </Muted>
            ) : (
              <ul style={{ margin: 0, padding: 0 }}>
                {milestones.map((m) => (
                  <Item key={m.id} data-testid="milestone" data-status={m.status}>
                    <Row style={{ justifyContent: 'space-between' }}>
                      <h3>{m.title}</h3>
                      <Row>
                        <strong>{moneyText(m.amount, asset)}</strong>
                        <StatusBadge status={m.status} />
                      </Row>
                    </Row>
                    {m.description && <UserText style={{ marginTop: 6, fontSize: 14 }}>{m.description}</UserText>}
                    <Muted style={{ marginTop: 6 }}>
                      {m.due_date ? `Due ${formatDate(`${m.due_date}T00:00:00Z`)} · ` : ''}
                      {m.paid_at
                        ? `Paid ${formatDateTime(m.paid_at)}`
                        : m.auto_release_at
                          ? `Paid automatically on ${formatDate(m.auto_release_at)} unless approved, returned or disputed before`
                          : `Added ${formatDate(m.created_at)}`}
                    </Muted>
                    {m.freelancer_submission_notes && (
                      <Note>
                        <strong>Freelancer's notes:</strong>{' '}
                        <UserText as="span">{m.freelancer_submission_notes}</UserText>
                      </Note>
                    )}
                    {m.change_request_note && m.status === 'pending' && (
                      <Note>
                        <strong>Changes requested:</strong> <UserText as="span">{m.change_request_note}</UserText>
                      </Note>
                    )}
                    {m.dispute_reason && (
                      <Note>
                        <strong>Dispute reason:</strong> <UserText as="span">{m.dispute_reason}</UserText>
                      </Note>
                    )}
                    {m.resolution && (
                      <Note>
                        <strong>Resolved {formatDate(m.resolution.resolved_at)}:</strong>{' '}
                        {moneyText(m.resolution.freelancer_amount, asset)} to the freelancer,{' '}
                        {moneyText(m.resolution.client_amount, asset)} back to the client.{' '}
                        <UserText as="span">{m.resolution.note}</UserText>
                      </Note>
                    )}
                    {active && (
                      <Row style={{ marginTop: 10 }}>
                        {role === 'freelancer' && m.status === 'pending' && (
                          <Button
                            type="button"
                            $size="sm"
                            onClick={() => setNoteDialog({ kind: 'submit', milestone: m })}
                          >
                            Submit for Payment
                          </Button>
                        )}
                        {role === 'client' && m.status === 'submitted_for_payment' && (
                          <>
                            <Button type="button" $size="sm" onClick={() => settle.approve.open(m)}>
                              Approve &amp; Pay
                            </Button>
                            <Button
                              type="button"
                              $size="sm"
                              $variant="outline"
                              onClick={() => setNoteDialog({ kind: 'request-changes', milestone: m })}
                            >
                              Request Changes
                            </Button>
                            <Button
                              type="button"
                              $size="sm"
                              $variant="ghost"
                              onClick={() => setNoteDialog({ kind: 'dispute', milestone: m })}
                            >
                              Dispute
                            </Button>
                          </>
                        )}
                        {role === 'client' && m.status === 'pending' && (
                          <Button type="button" $size="sm" $variant="outline" onClick={() => settle.cancel.open(m)}>
                            Cancel Milestone
                          </Button>
                        )}
                      </Row>
                    )}
                  </Item>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Escrow history</CardTitle>
          </CardHeader>
          <CardContent>
            {movements.length === 0 ? (
              <Muted>No money has moved yet.</Muted>
            ) : (
              <Movements data-testid="escrow-history">
                <tbody>
                  {movements.map((mv) => (
                    <tr key={mv.transaction_id}>
                      <td>{formatDateTime(mv.at)}</td>
                      <td>
                        {mv.kind === 'hold'
                          ? 'Held in escrow'
                          : mv.kind === 'release'
                            ? 'Paid to the freelancer'
                            : 'Returned to the client'}{' '}
                        · {mv.milestone_title}
                        {mv.kind === 'release' && compareAmounts(mv.fee, '0') > 0
                          ? ` (fee ${moneyText(mv.fee, asset)})`
                          : ''}
                      </td>
                      <td>{moneyText(mv.amount, asset)}</td>
                    </tr>
                  ))}
                </tbody>
              </Movements>
            )}
          </CardContent>
        </Card>
      </div>

      {role === 'client' && <AddMilestoneDialog contract={contract} open={adding} onOpenChange={setAdding} />}
      {noteDialog && (
        <NoteDialog
          open
          onOpenChange={(o) => !o && setNoteDialog(null)}
          busy={moving.isLoading}
          onConfirm={confirmNote}
          {...NOTE_DIALOG[noteDialog.kind]}
        />
      )}
      <MoneyDialog
        action={settle.approve}
        title="Approve & Pay"
        confirmLabel="Approve & Pay"
        summary={(m, quote) =>
          quote && (
            <span data-testid="approve-quote">
              {m.title}: {moneyText(quote.amount, asset)}. A {quote.fee_percent}% fee ({moneyText(quote.fee, asset)}) is
              taken from the amount paid to the freelancer, who receives {moneyText(quote.freelancer_receives, asset)}.
              Enter your PIN to pay.
            </span>
          )
        }
      />
      <MoneyDialog
        action={settle.cancel}
        title="Cancel Milestone"
        confirmLabel="Cancel Milestone"
        summary={(m) => `${moneyText(m.amount, asset)} returns from escrow to your wallet. Enter your PIN to confirm.`}
      />
    </Page>
  );
}
