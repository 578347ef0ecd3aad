import { useEffect, useState, type FormEvent } from 'react';
import {
  Back, Badge, Button, Card, CardContent, CardHeader, CardTitle, CenteredMessage, Field, FieldError, Hint, Input, Label, Muted, Page, Row, Spinner, Textarea,
  TicketAttachments, TicketResponses, UserText, errorMessage, fieldErrors, formatDateTime, ticketBadge, toast, useNavigate, useParams, wordsOf,
} from '@portal/shared-ui';
import { useGetTicketQuery, useRespondMutation } from '../api/ticket';

const NOT_FOUND = 'Ticket not found or you do not have permission to view it.';

function ResponseForm({ id }: { id: string }) {
  const [respond, { isLoading }] = useRespondMutation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return; // spec 001 §5: an empty response is not sent
    try {
      await respond({ id, response_text: text.trim(), attachment: file }).unwrap();
      setText(''); setFile(null); setFileKey((k) => k + 1); setErrors({});
      toast({ title: 'Response Added', description: 'Your response has been added to the ticket.' });
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to add response', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <CardHeader><CardTitle as="h2">Add a Response</CardTitle></CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate>
          <Field>
            <Label htmlFor="response-text">Your response</Label>
            <Textarea id="response-text" rows={4} maxLength={5000} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={Boolean(errors.response_text) || undefined} />
            {errors.response_text && <FieldError>{errors.response_text}</FieldError>}
          </Field>
          <Field>
            <Label htmlFor="response-attachment">Attachment (optional)</Label>
            <Input key={fileKey} id="response-attachment" type="file" accept="image/png,image/jpeg,image/webp,application/pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            <Hint>An image (JPEG, PNG, WebP) or a PDF, at most 5 MB.</Hint>
            {errors.attachment && <FieldError>{errors.attachment}</FieldError>}
          </Field>
          <Button type="submit" disabled={isLoading || !text.trim()}>{isLoading ? 'Sending...' : 'Send Response'}</Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** /support/ticket/{ticketId} (spec 001 §2): the ticket, its responses, and Add a Response while it is neither resolved nor closed. */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useGetTicketQuery(ticketId);
  useEffect(() => {
    if (!error) return;
    toast({ title: 'Error fetching ticket details', description: (error as { status?: number }).status === 404 ? NOT_FOUND : errorMessage(error), variant: 'destructive' });
    navigate('/support');
  }, [error, navigate]);
  if (isLoading || !data) return <CenteredMessage role="status"><Spinner /> Loading ticket...</CenteredMessage>;
  const { ticket, responses } = data;
  const badge = ticketBadge(ticket.status);
  const open = ticket.status !== 'resolved' && ticket.status !== 'closed';
  return (
    <Page style={{ maxWidth: 820, display: 'grid', gap: 16 }}>
      <Back to="/support">← Back to Tickets</Back>
      <Card>
        <CardHeader>
          <Row style={{ justifyContent: 'space-between' }}>
            <CardTitle as="h1" style={{ fontSize: 22, overflowWrap: 'anywhere' }}>{ticket.subject}</CardTitle>
            <Badge $kind={badge.kind} data-testid="ticket-status">{badge.label}</Badge>
          </Row>
          <Muted>{ticket.ticket_id} · Priority: {wordsOf(ticket.priority)} · Created {formatDateTime(ticket.created_at)}</Muted>
        </CardHeader>
        <CardContent>
          <UserText>{ticket.description}</UserText>
          <TicketAttachments files={ticket.attachments} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader><CardTitle as="h2">Responses</CardTitle></CardHeader>
        <CardContent><TicketResponses responses={responses} /></CardContent>
      </Card>
      {open ? <ResponseForm id={ticket.id} /> : <Muted data-testid="ticket-closed">This ticket is {badge.label.toLowerCase()}: it takes no more responses. Open a new ticket if you need more help.</Muted>}
    </Page>
  );
}
