import { useState } from 'react';
import styled from 'styled-components';
import {
  Button, Card, CardContent, CardHeader, CardTitle, CenteredMessage, PinDialog, Spinner, errorMessage, formatDate, formatDateTime, toast, useParams, isNotFound,
} from '@portal/shared-ui';
import { newIdempotencyKey } from '../../../lib/api';
import { Back, Muted, Page, Row, StatusBadge, UserText, moneyText } from '../../../lib/ui';
import { useGetContractQuery, useLazyPayQuoteQuery, useMoveMilestoneMutation, useSettleMilestoneMutation, type Milestone, type PayQuote } from '../api/contract';
import { AddMilestoneDialog } from './AddMilestoneDialog';
import { NoteDialog } from './NoteDialog';

const NOT_FOUND = 'Contract not found or you do not have permission to view it.';
const Facts = styled.dl`display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; font-size: 14px; dt { color: ${(p) => p.theme.colors.mutedForeground}; } dd { margin: 0; overflow-wrap: anywhere; }`;
const Item = styled.li`list-style: none; padding: 16px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; &:last-child { border-bottom: 0; } h3 { margin: 0; font-size: 16px; overflow-wrap: anywhere; }`;
const Note = styled.div`margin-top: 8px; font-size: 14px; padding: 8px 10px; border-radius: 8px; background: ${(p) => p.theme.colors.muted};`;
const Movements = styled.table`width: 100%; border-collapse: collapse; font-size: 14px; td { padding: 6px 4px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; vertical-align: top; } td:last-child { text-align: right; white-space: nowrap; }`;

type Dialogs = { kind: 'submit' | 'request-changes' | 'dispute'; milestone: Milestone } | null;
const NOTE_DIALOG = {
  submit: { title: 'Submit Milestone', description: 'The client is asked to approve and pay it.', label: 'Notes for the client (optional)', action: 'Submit', required: false, field: 'notes', toast: 'Milestone Submitted', fail: 'Failed to Submit Milestone' },
  'request-changes': { title: 'Request Changes', description: 'The milestone goes back to the freelancer; its money stays in escrow.', label: 'What should change?', action: 'Request Changes', required: true, field: 'note', toast: 'Changes Requested', fail: 'Failed to Request Changes' },
  dispute: { title: 'Dispute Milestone', description: 'The money stays in escrow until an administrator reviews the dispute and decides (spec: disputes follow a review, no refund is guaranteed).', label: 'Reason', action: 'Open Dispute', required: true, field: 'reason', toast: 'Dispute Opened', fail: 'Failed to Open Dispute' },
} as const;

/** /contract/{contractId} (spec 001 §2): parties, asset, agreed amount, terms, start date, milestones and every escrow movement. */
export function ContractPage() {
  const { contractId = '' } = useParams();
  const { data, isLoading, error } = useGetContractQuery(contractId);
  const [adding, setAdding] = useState(false);
  const [noteDialog, setNoteDialog] = useState<Dialogs>(null);
  const [settle, setSettle] = useState<{ action: 'approve' | 'cancel'; milestone: Milestone; quote?: PayQuote; key: string } | null>(null);
  const [payQuote] = useLazyPayQuoteQuery();
  const [settleMilestone, settling] = useSettleMilestoneMutation();
  const [moveMilestone, moving] = useMoveMilestoneMutation();

  if (isLoading) return <CenteredMessage role="status"><Spinner /> Loading contract...</CenteredMessage>;
  if (error || !data) {
    return (
      <Page>
        <Back to="/my-projects">← Back to My Projects</Back>
        <CenteredMessage role="alert" data-testid="contract-not-found">{isNotFound(error) ? NOT_FOUND : `Error fetching contract details: ${errorMessage(error)}`}</CenteredMessage>
      </Page>
    );
  }
  const { contract, role, milestones, movements } = data;
  const active = contract.status === 'active';
  const asset = contract.asset;

  const openApprove = async (m: Milestone) => {
    try {
      setSettle({ action: 'approve', milestone: m, quote: await payQuote(m.id).unwrap(), key: newIdempotencyKey() });
    } catch (err) {
      toast({ title: 'Failed to Approve Milestone', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const confirmSettle = async (pin: string) => {
    if (!settle) return;
    try {
      await settleMilestone({ id: settle.milestone.id, action: settle.action, pin, idempotencyKey: settle.key }).unwrap();
      toast(settle.action === 'approve'
        ? { title: 'Milestone Approved & Paid!', description: `${moneyText(settle.quote!.freelancer_receives, asset)} was paid to the freelancer.` }
        : { title: 'Milestone Cancelled', description: `${moneyText(settle.milestone.amount, asset)} returned to your wallet.` });
      setSettle(null);
    } catch (err) {
      toast({ title: settle.action === 'approve' ? 'Failed to Approve Milestone' : 'Failed to Cancel Milestone', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const confirmNote = async (text: string) => {
    if (!noteDialog) return;
    const spec = NOTE_DIALOG[noteDialog.kind];
    try {
      await moveMilestone({ id: noteDialog.milestone.id, action: noteDialog.kind, body: { [spec.field]: text || null } }).unwrap();
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
              <CardTitle as="h1" style={{ fontSize: 24, overflowWrap: 'anywhere' }}>{contract.project.title}</CardTitle>
              <StatusBadge status={contract.status} />
            </Row>
          </CardHeader>
          <CardContent>
            <Facts data-testid="contract-facts">
              <dt>Client</dt><dd>{contract.client.full_name ?? contract.client.username}{role === 'client' ? ' (you)' : ''}</dd>
              <dt>Freelancer</dt><dd>{contract.freelancer.full_name ?? contract.freelancer.username}{role === 'freelancer' ? ' (you)' : ''}</dd>
              <dt>Asset</dt><dd>{asset.symbol} · {asset.name}</dd>
              <dt>Agreed amount</dt><dd>{moneyText(contract.agreed_amount, asset)}</dd>
              <dt>Start date</dt><dd>{formatDate(contract.start_date)}</dd>
              <dt>Terms</dt><dd>{contract.contract_terms ? <UserText>{contract.contract_terms}</UserText> : 'None'}</dd>
            </Facts>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <Row style={{ justifyContent: 'space-between' }}>
              <CardTitle as="h2">Milestones</CardTitle>
              {role === 'client' && active && <Button type="button" onClick={() => setAdding(true)}>Add Milestone</Button>}
            </Row>
          </CardHeader>
          <CardContent>
            {milestones.length === 0 ? <Muted>No milestones yet.{role === 'client' ? ' Add one to fund the first part of the work.' : ' The client adds and funds them.'}</Muted> : (
              <ul style={{ margin: 0, padding: 0 }}>
                {milestones.map((m) => (
                  <Item key={m.id} data-testid="milestone" data-status={m.status}>
                    <Row style={{ justifyContent: 'space-between' }}><h3>{m.title}</h3><Row><strong>{moneyText(m.amount, asset)}</strong><StatusBadge status={m.status} /></Row></Row>
                    {m.description && <UserText style={{ marginTop: 6, fontSize: 14 }}>{m.description}</UserText>}
                    <Muted style={{ marginTop: 6 }}>
                      {m.due_date ? `Due ${formatDate(`${m.due_date}T00:00:00Z`)} · ` : ''}
                      {m.paid_at ? `Paid ${formatDateTime(m.paid_at)}` : m.auto_release_at ? `Paid automatically on ${formatDate(m.auto_release_at)} unless approved, returned or disputed before` : `Added ${formatDate(m.created_at)}`}
                    </Muted>
                    {m.freelancer_submission_notes && <Note><strong>Freelancer's notes:</strong> <UserText as="span">{m.freelancer_submission_notes}</UserText></Note>}
                    {m.change_request_note && m.status === 'pending' && <Note><strong>Changes requested:</strong> <UserText as="span">{m.change_request_note}</UserText></Note>}
                    {m.dispute_reason && <Note><strong>Dispute reason:</strong> <UserText as="span">{m.dispute_reason}</UserText></Note>}
                    {m.resolution && <Note><strong>Resolved {formatDate(m.resolution.resolved_at)}:</strong> {moneyText(m.resolution.freelancer_amount, asset)} to the freelancer, {moneyText(m.resolution.client_amount, asset)} back to the client. <UserText as="span">{m.resolution.note}</UserText></Note>}
                    {active && (
                      <Row style={{ marginTop: 10 }}>
                        {role === 'freelancer' && m.status === 'pending' && <Button type="button" $size="sm" onClick={() => setNoteDialog({ kind: 'submit', milestone: m })}>Submit for Payment</Button>}
                        {role === 'client' && m.status === 'submitted_for_payment' && <>
                          <Button type="button" $size="sm" onClick={() => openApprove(m)}>Approve &amp; Pay</Button>
                          <Button type="button" $size="sm" $variant="outline" onClick={() => setNoteDialog({ kind: 'request-changes', milestone: m })}>Request Changes</Button>
                          <Button type="button" $size="sm" $variant="ghost" onClick={() => setNoteDialog({ kind: 'dispute', milestone: m })}>Dispute</Button>
                        </>}
                        {role === 'client' && m.status === 'pending' && <Button type="button" $size="sm" $variant="outline" onClick={() => setSettle({ action: 'cancel', milestone: m, key: newIdempotencyKey() })}>Cancel Milestone</Button>}
                      </Row>
                    )}
                  </Item>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader><CardTitle as="h2">Escrow history</CardTitle></CardHeader>
          <CardContent>
            {movements.length === 0 ? <Muted>No money has moved yet.</Muted> : (
              <Movements data-testid="escrow-history"><tbody>
                {movements.map((mv) => (
                  <tr key={mv.transaction_id}>
                    <td>{formatDateTime(mv.at)}</td>
                    <td>{mv.kind === 'hold' ? 'Held in escrow' : mv.kind === 'release' ? 'Paid to the freelancer' : 'Returned to the client'} · {mv.milestone_title}{mv.kind === 'release' && Number(mv.fee) > 0 ? ` (fee ${moneyText(mv.fee, asset)})` : ''}</td>
                    <td>{moneyText(mv.amount, asset)}</td>
                  </tr>
                ))}
              </tbody></Movements>
            )}
          </CardContent>
        </Card>
      </div>

      {role === 'client' && <AddMilestoneDialog contract={contract} open={adding} onOpenChange={setAdding} />}
      {noteDialog && (
        <NoteDialog open onOpenChange={(o) => !o && setNoteDialog(null)} busy={moving.isLoading} onConfirm={confirmNote} {...NOTE_DIALOG[noteDialog.kind]} />
      )}
      <PinDialog
        open={settle !== null}
        onOpenChange={(o) => !o && setSettle(null)}
        onConfirm={confirmSettle}
        busy={settling.isLoading}
        title={settle?.action === 'approve' ? 'Approve & Pay' : 'Cancel Milestone'}
        confirmLabel={settle?.action === 'approve' ? 'Approve & Pay' : 'Cancel Milestone'}
        description={settle?.action === 'approve' && settle.quote
          ? <span data-testid="approve-quote">{settle.milestone.title}: {moneyText(settle.quote.amount, asset)}. A {settle.quote.fee_percent}% fee ({moneyText(settle.quote.fee, asset)}) is taken from the amount paid to the freelancer, who receives {moneyText(settle.quote.freelancer_receives, asset)}. Enter your PIN to pay.</span>
          : settle ? `${moneyText(settle.milestone.amount, asset)} returns from escrow to your wallet. Enter your PIN to confirm.` : undefined}
      />
    </Page>
  );
}
