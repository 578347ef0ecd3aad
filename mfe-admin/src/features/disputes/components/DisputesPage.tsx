import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Field,
  FieldError,
  Label,
  AMOUNT_REQUIRED,
  AmountField,
  Select,
  Spinner,
  Textarea,
  checkAmount,
  errorMessage,
  fieldErrors,
  formatAmount,
  formatDate,
  toast,
  useMoneyAction,
  useLiveTopics,
} from '@portal/shared-ui';
import {
  disputesApi,
  useDisputesQuery,
  useResolveDisputeMutation,
  type Dispute,
  type Resolution,
} from '../api/disputes';

const Item = styled(Card)`margin-bottom: 12px;`;
const Reason = styled.p`white-space: pre-wrap; overflow-wrap: anywhere; margin: 8px 0; padding: 8px 10px; border-radius: 8px; background: ${(p) => p.theme.colors.muted};`;
const party = (p: { full_name: string | null; username: string | null }) => p.full_name ?? p.username ?? 'User';

type Outcome = 'release' | 'refund' | 'split';
const OUTCOMES: Record<Outcome, string> = {
  release: 'Release to the freelancer',
  refund: 'Refund the client',
  split: 'Split',
};

/** Release, refund or split a disputed milestone, with a note both parties see (one transaction with its audit entry). */
function ResolveDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const [outcome, setOutcome] = useState<Outcome>('release');
  const [share, setShare] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [resolve] = useResolveDisputeMutation();
  const { milestone, contract } = dispute;
  const money = (v: string) => `${formatAmount(v, contract.asset.scale)} ${contract.asset.symbol}`;
  const action = useMoneyAction({
    send: (body: Resolution & { milestoneId: string }, { idempotencyKey }) =>
      resolve({ ...body, idempotencyKey }).unwrap(),
    onSuccess: (_, body) => {
      toast({ title: 'Dispute Resolved', description: `${milestone.title}: ${body.outcome}.` });
      onClose();
    },
    onRefused: (err) => {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to Resolve Dispute', description: errorMessage(err), variant: 'destructive' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!note.trim()) found.note = 'Please write a note for both parties.';
    const typed = checkAmount(share, contract.asset);
    if (outcome === 'split' && typed.error)
      found.freelancer_amount = typed.error === AMOUNT_REQUIRED ? 'Enter what the freelancer receives.' : typed.error;
    setErrors(found);
    if (Object.keys(found).length) return;
    void action.submit({
      milestoneId: milestone.id,
      outcome,
      note: note.trim(),
      freelancer_amount: outcome === 'split' ? typed.amount : null,
    });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} label="Resolve dispute">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Resolve “{milestone.title}”</DialogTitle>
        <DialogDescription>
          {money(milestone.amount)} is held in escrow. What the freelancer receives is paid minus the 1% fee; the rest
          returns to the client.
        </DialogDescription>
        <Field>
          <Label htmlFor="outcome">Outcome</Label>
          <Select id="outcome" value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)}>
            {Object.entries(OUTCOMES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        {outcome === 'split' && (
          <AmountField
            id="share"
            label={`Freelancer receives (${contract.asset.symbol}, before the fee)`}
            asset={contract.asset}
            value={share}
            refusal={errors.freelancer_amount}
            onChange={(text) => {
              setShare(text);
              setErrors(({ freelancer_amount: _, ...rest }) => rest);
            }}
          />
        )}
        <Field>
          <Label htmlFor="resolution-note">Note to both parties</Label>
          <Textarea
            id="resolution-note"
            rows={4}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {errors.note && <FieldError>{errors.note}</FieldError>}
        </Field>
        <DialogFooter>
          <Button type="button" $variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={action.busy}>
            {action.busy ? 'Resolving...' : 'Resolve'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** /admin/disputes: disputed marketplace milestones, oldest first. */
export function DisputesPage() {
  const { data, isLoading, error } = useDisputesQuery();
  useLiveTopics(['admin:disputes'], disputesApi, ['Disputes']);
  const [open, setOpen] = useState<Dispute | null>(null);
  return (
    <section data-testid="admin-disputes">
      <h1 style={{ marginTop: 0, fontSize: 24 }}>Disputes</h1>
      {isLoading ? (
        <CenteredMessage role="status">
          <Spinner /> Loading disputes...
        </CenteredMessage>
      ) : error ? (
        <CenteredMessage role="alert">Disputes could not be loaded: {errorMessage(error)}</CenteredMessage>
      ) : !data?.disputes.length ? (
        <CenteredMessage>No open disputes.</CenteredMessage>
      ) : (
        data.disputes.map((d) => (
          <Item key={d.milestone.id} data-testid="dispute">
            <CardHeader>
              <CardTitle as="h2" style={{ fontSize: 17 }}>
                {d.contract.project_title} · {d.milestone.title}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <div>
                {formatAmount(d.milestone.amount, d.contract.asset.scale)} {d.contract.asset.symbol} · client{' '}
                {party(d.contract.client)} · freelancer {party(d.contract.freelancer)}
                {d.milestone.submitted_at ? ` · submitted ${formatDate(d.milestone.submitted_at)}` : ''}
              </div>
              <Reason>{d.milestone.dispute_reason}</Reason>
              {d.milestone.freelancer_submission_notes && (
                <Reason>Freelancer's notes: {d.milestone.freelancer_submission_notes}</Reason>
              )}
              <Button type="button" onClick={() => setOpen(d)}>
                Resolve
              </Button>
            </CardContent>
          </Item>
        ))
      )}
      {open && <ResolveDialog dispute={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
