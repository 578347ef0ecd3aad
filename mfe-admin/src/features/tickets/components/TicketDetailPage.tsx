import { useEffect, useState, type FormEvent } from 'react';
import {
  Back,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Label,
  Muted,
  Row,
  Select,
  Spinner,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketAttachments,
  TicketResponseForm,
  TicketResponses,
  UserText,
  errorMessage,
  formatDateTime,
  ticketBadge,
  toast,
  useNavigate,
  useParams,
  wordsOf,
  readFailure,
  useLiveTopics,
} from '@portal/shared-ui';
import { ticketsApi, useAdminRespondMutation, useGetTicketQuery, useUpdateTicketMutation } from '../api/tickets';

function StatusForm({ id, status, priority }: { id: string; status: string; priority: string }) {
  const [update, { isLoading }] = useUpdateTicketMutation();
  const [s, setS] = useState(status);
  const [p, setP] = useState(priority);
  useEffect(() => {
    setS(status);
    setP(priority);
  }, [status, priority]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await update({ id, status: s, priority: p }).unwrap();
      toast({ title: 'Ticket Updated', description: 'Status and priority have been updated.' });
    } catch (err) {
      toast({ title: 'Failed to update ticket', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <form onSubmit={submit}>
      <Row style={{ alignItems: 'end' }}>
        <div>
          <Label htmlFor="detail-status">Status</Label>
          <Select id="detail-status" value={s} onChange={(e) => setS(e.target.value)}>
            {TICKET_STATUSES.map((x) => (
              <option key={x} value={x}>
                {wordsOf(x)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="detail-priority">Priority</Label>
          <Select id="detail-priority" value={p} onChange={(e) => setP(e.target.value)}>
            {TICKET_PRIORITIES.map((x) => (
              <option key={x} value={x}>
                {wordsOf(x)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Updating...' : 'Update'}
        </Button>
      </Row>
    </form>
  );
}

function AdminResponseForm({ id }: { id: string }) {
  const [respond] = useAdminRespondMutation();
  return (
    <TicketResponseForm
      id="admin-response"
      title="Add Admin Response"
      label="Response"
      done="Admin response has been added to the ticket."
      send={(text, attachment) => respond({ id, response_text: text, attachment }).unwrap()}
    />
  );
}

/** /admin/support/ticket/{ticketId} (docs/product.md "Support"): status and priority with Update, the description, responses, Add Admin Response always. */
export function TicketDetailPage() {
  const { ticketId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useGetTicketQuery(ticketId);
  useLiveTopics([`ticket:${ticketId}`], ticketsApi, [{ type: 'Ticket', id: ticketId }]);
  useEffect(() => {
    if (!error) return;
    toast({
      title: 'Error fetching ticket details',
      description: readFailure(error, 'Ticket not found.'),
      variant: 'destructive',
    });
    navigate('/admin/tickets');
  }, [error, navigate]);
  if (isLoading || !data)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading ticket...
      </CenteredMessage>
    );
  const { ticket, responses } = data;
  const badge = ticketBadge(ticket.status);
  return (
    <section style={{ display: 'grid', gap: 16, maxWidth: 900 }} data-testid="admin-ticket">
      <Back to="/admin/tickets">← Back to Tickets</Back>
      <Card>
        <CardHeader>
          <Row style={{ justifyContent: 'space-between' }}>
            <CardTitle as="h1" style={{ fontSize: 22, overflowWrap: 'anywhere' }}>
              {ticket.subject}
            </CardTitle>
            <Badge $kind={badge.kind} data-testid="ticket-status">
              {badge.label}
            </Badge>
          </Row>
          <Muted>
            {ticket.ticket_id} · {ticket.user?.full_name ?? ''} ({ticket.user?.email}) · customer{' '}
            {ticket.user?.customer_id} · Created {formatDateTime(ticket.created_at)}
            {ticket.resolved_at ? ` · Resolved ${formatDateTime(ticket.resolved_at)}` : ''}
          </Muted>
        </CardHeader>
        <CardContent style={{ display: 'grid', gap: 16 }}>
          <StatusForm id={ticket.id} status={ticket.status} priority={ticket.priority} />
          <div>
            <UserText>{ticket.description}</UserText>
            <TicketAttachments files={ticket.attachments} />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Responses</CardTitle>
        </CardHeader>
        <CardContent>
          <TicketResponses responses={responses} />
        </CardContent>
      </Card>
      <AdminResponseForm id={ticket.id} />
    </section>
  );
}
