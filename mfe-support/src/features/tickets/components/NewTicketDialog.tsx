import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Field,
  FieldError,
  Hint,
  Input,
  Label,
  Select,
  Textarea,
  TICKET_PRIORITIES,
  errorMessage,
  fieldErrors,
  toast,
  wordsOf,
} from '@portal/shared-ui';
import { useCreateTicketMutation, useGetCustomerIdQuery } from '../api/tickets';

const MISSING = 'Please provide a subject and description.';

/** Create New Ticket (docs/product.md "Support"): subject, description, priority (medium by default), an optional file, and the notice. */
export function NewTicketDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [create, { isLoading }] = useCreateTicketMutation();
  const customer = useGetCustomerIdQuery(undefined, { skip: !open });
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState('medium');
  const [attachment, setAttachment] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    onOpenChange(false);
    setErrors({});
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!subject.trim()) found.subject = MISSING;
    if (!description.trim()) found.description = MISSING;
    setErrors(found);
    if (Object.keys(found).length)
      return toast({ title: 'Missing Information', description: MISSING, variant: 'destructive' });
    try {
      const { ticket } = await create({
        subject: subject.trim(),
        description: description.trim(),
        priority,
        attachment,
      }).unwrap();
      toast({
        title: 'Support Ticket Created',
        description: `Your ticket ID is ${ticket.ticket_id}. We will respond within 7 business days.`,
      });
      setSubject('');
      setDescription('');
      setPriority('medium');
      setAttachment(null);
      close();
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to create ticket', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const error = (k: string) => (errors[k] ? <FieldError id={`${k}-error`}>{errors[k]}</FieldError> : null);
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())} label="Create New Ticket">
      <DialogTitle>Create New Ticket</DialogTitle>
      <DialogDescription>
        We respond within 7 business days. Please note our strict no-refund policy. Give your customer ID in any message
        about your account: <strong data-testid="customer-id">{customer.data?.customer_id ?? '…'}</strong>.
      </DialogDescription>
      <form onSubmit={submit} noValidate>
        <Field>
          <Label htmlFor="ticket-subject">Subject</Label>
          <Input
            id="ticket-subject"
            value={subject}
            maxLength={200}
            required
            onChange={(e) => setSubject(e.target.value)}
            aria-invalid={Boolean(errors.subject) || undefined}
          />
          {error('subject')}
        </Field>
        <Field>
          <Label htmlFor="ticket-description">Description</Label>
          <Textarea
            id="ticket-description"
            rows={5}
            maxLength={5000}
            required
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={Boolean(errors.description) || undefined}
          />
          {error('description')}
        </Field>
        <Field>
          <Label htmlFor="ticket-priority">Priority</Label>
          <Select id="ticket-priority" value={priority} onChange={(e) => setPriority(e.target.value)}>
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {wordsOf(p)}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label htmlFor="ticket-attachment">Attachment (optional)</Label>
          <Input
            id="ticket-attachment"
            type="file"
            accept="image/png,image/jpeg,image/webp,application/pdf"
            onChange={(e) => setAttachment(e.target.files?.[0] ?? null)}
          />
          <Hint>An image (JPEG, PNG, WebP) or a PDF, at most 5 MB.</Hint>
          {error('attachment')}
        </Field>
        <DialogFooter>
          <Button type="button" $variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create Ticket'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
