import { useEffect } from 'react';
import {
  Back,
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Muted,
  Page,
  Row,
  Spinner,
  TicketAttachments,
  TicketResponseForm,
  TicketResponses,
  UserText,
  formatDateTime,
  ticketBadge,
  toast,
  useNavigate,
  useParams,
  wordsOf,
  readFailure,
  useLiveTopics,
} from '@portal/shared-ui';
import { ticketApi, useGetTicketQuery, useRespondMutation } from '../api/ticket';

const NOT_FOUND = 'Ticket not found or you do not have permission to view it.';

function ResponseForm({ id }: { id: string }) {
  const [respond] = useRespondMutation();
  return (
    <TicketResponseForm
      id="response"
      title="Add a Response"
      label="Your response"
      done="Your response has been added to the ticket."
      send={(text, attachment) => respond({ id, response_text: text, attachment }).unwrap()}
    />
  );
}

/** /support/ticket/{ticketId} (docs/product.md "Support"): the ticket, its responses, and Add a Response while it is neither resolved nor closed. */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useGetTicketQuery(ticketId);
  useLiveTopics([`ticket:${ticketId}`], ticketApi, [{ type: 'Ticket', id: ticketId }]);
  useEffect(() => {
    if (!error) return;
    toast({
      title: 'Error fetching ticket details',
      description: readFailure(error, NOT_FOUND),
      variant: 'destructive',
    });
    navigate('/support');
  }, [error, navigate]);
  if (isLoading || !data)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading ticket...
      </CenteredMessage>
    );
  const { ticket, responses } = data;
  const badge = ticketBadge(ticket.status);
  const open = ticket.status !== 'resolved' && ticket.status !== 'closed';
  return (
    <Page style={{ maxWidth: 820, display: 'grid', gap: 16 }}>
      <Back to="/support">← Back to Tickets</Back>
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
            {ticket.ticket_id} · Priority: {wordsOf(ticket.priority)} · Created {formatDateTime(ticket.created_at)}
          </Muted>
        </CardHeader>
        <CardContent>
          <UserText>{ticket.description}</UserText>
          <TicketAttachments files={ticket.attachments} />
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
      {open ? (
        <ResponseForm id={ticket.id} />
      ) : (
        <Muted data-testid="ticket-closed">
          This ticket is {badge.label.toLowerCase()}: it takes no more responses. Open a new ticket if you need more
          help.
        </Muted>
      )}
    </Page>
  );
}
