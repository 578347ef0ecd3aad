import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Muted,
  Spinner,
  Table,
  TableWrap,
  Td,
  Th,
  errorMessage,
  formatDateTime,
  media,
  type ApiResponse,
} from '@portal/shared-ui';
import { useGetSystemQuery } from '../api/system';

type Figures = ApiResponse<'/api/admin/system', 'get'>;

const Grid = styled.div`
  display: grid; gap: 16px; grid-template-columns: 1fr; margin-bottom: 24px;
  ${media.md} { grid-template-columns: repeat(2, 1fr); }
`;
const Facts = styled.dl`
  display: grid; grid-template-columns: auto auto; gap: 6px 16px; margin: 0; font-size: 14px;
  dt { color: ${(p) => p.theme.colors.mutedForeground}; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
`;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'never');

/** Job queues: a failure in the last day or a backlog is what an admin acts on (or hands to an operator). */
function JobTable({ jobs }: { jobs: Figures['jobs'] }) {
  if (jobs.length === 0) return <Muted>No process has started the scheduled jobs yet.</Muted>;
  return (
    <TableWrap aria-label="Scheduled jobs">
      <Table>
        <thead>
          <tr>
            <Th>Job</Th>
            <Th>Schedule (UTC)</Th>
            <Th>Waiting</Th>
            <Th>Running</Th>
            <Th>Done (24 h)</Th>
            <Th>Failed (24 h)</Th>
            <Th>Last done</Th>
            <Th>Last failure</Th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.name} data-testid={`job-${j.name}`}>
              <Td>{j.name}</Td>
              <Td>
                <code>{j.schedule ?? '-'}</code>
              </Td>
              <Td>{j.waiting}</Td>
              <Td>{j.running}</Td>
              <Td>{j.completed_24h}</Td>
              <Td>{j.failed_24h > 0 ? <Badge $kind="red">{j.failed_24h}</Badge> : 0}</Td>
              <Td>{when(j.last_completed_at)}</Td>
              <Td>{when(j.last_failed_at)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

function BooksHistory({ checks }: { checks: Figures['books_checks'] }) {
  if (checks.length === 0) return <Muted>The books check has not run yet.</Muted>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }} data-testid="books-history">
      {checks.map((c) => (
        <li key={c.checked_at}>
          {c.ok ? (
            <Badge $kind="green">Balanced</Badge>
          ) : (
            <Badge $kind="red">
              {c.problem_count} problem{c.problem_count === 1 ? '' : 's'}
            </Badge>
          )}{' '}
          {formatDateTime(c.checked_at)} <Muted as="span">({c.duration_ms} ms)</Muted>
          {c.first_problem && (
            <div>
              <small>{c.first_problem}</small>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /admin/system: the portal's health as an admin needs it; operators read the same figures in Prometheus (docs/operations.md). */
export function SystemPage() {
  const { data, error, isLoading, refetch, isFetching } = useGetSystemQuery(undefined, { pollingInterval: 30_000 });
  if (isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading system status...
      </CenteredMessage>
    );
  if (!data)
    return <CenteredMessage role="alert">System status could not be loaded: {errorMessage(error)}</CenteredMessage>;
  const p = data.process;
  return (
    <section data-testid="admin-system">
      <h1 style={{ marginTop: 0, fontSize: 24 }}>System</h1>
      <Grid>
        <Card>
          <CardHeader>
            <CardTitle>Books Check History</CardTitle>
            <CardDescription>Every balance invariant of the ledger, every 15 minutes</CardDescription>
          </CardHeader>
          <CardContent>
            <BooksHistory checks={data.books_checks} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>This API Process</CardTitle>
            <CardDescription>Since {formatDateTime(p.started_at)}; each process counts its own</CardDescription>
          </CardHeader>
          <CardContent>
            <Facts>
              <dt>Requests answered</dt>
              <dd>{p.requests.toLocaleString('en-US')}</dd>
              <dt>Server errors (5xx)</dt>
              <dd>{p.server_errors > 0 ? <Badge $kind="red">{p.server_errors}</Badge> : 0}</dd>
              <dt>Refused by rate limits</dt>
              <dd>{p.rate_limited}</dd>
              <dt>Live connections</dt>
              <dd>{p.open_sockets}</dd>
              <dt>Database connections busy / idle</dt>
              <dd>
                {p.pool_busy} / {p.pool_idle}
              </dd>
              <dt>Queries waiting for a connection</dt>
              <dd>{p.pool_waiting}</dd>
              <dt>Event loop delay (p99)</dt>
              <dd>{p.event_loop_p99_ms} ms</dd>
              <dt>Memory</dt>
              <dd>{p.memory_mib} MiB</dd>
            </Facts>
          </CardContent>
        </Card>
      </Grid>
      <Card style={{ marginBottom: 24 }}>
        <CardHeader>
          <CardTitle>Scheduled Jobs</CardTitle>
        </CardHeader>
        <CardContent>
          <JobTable jobs={data.jobs} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Ledger Activity (last hour)</CardTitle>
          <CardDescription>Completed transactions by type</CardDescription>
        </CardHeader>
        <CardContent>
          {data.transactions_1h.length === 0 ? (
            <Muted>No completed transactions in the last hour.</Muted>
          ) : (
            <Facts data-testid="ledger-activity">
              {data.transactions_1h.map((t) => [
                <dt key={`${t.type}-k`}>{t.type.replace(/_/g, ' ')}</dt>,
                <dd key={`${t.type}-v`}>{t.count}</dd>,
              ])}
            </Facts>
          )}
          <div style={{ marginTop: 16 }}>
            <Button type="button" $size="sm" $variant="outline" disabled={isFetching} onClick={() => void refetch()}>
              {isFetching ? 'Refreshing...' : 'Refresh'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
