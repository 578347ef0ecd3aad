import { useEffect } from 'react';
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
  Link,
  Spinner,
  errorMessage,
  countOf,
  formatDateTime,
  formatDecimal,
  media,
  toast,
} from '@portal/shared-ui';
import { useGetDashboardQuery, useRunBooksCheckMutation } from '../api/dashboard';

const Grid = styled.div`
  display: grid; gap: 16px; grid-template-columns: 1fr; margin-bottom: 24px;
  ${media.md} { grid-template-columns: repeat(2, 1fr); }
  @media (min-width: 1200px) { grid-template-columns: repeat(4, 1fr); }
`;
const Big = styled.div`font-size: 28px; font-weight: 700;`;
const Item = styled.li`
  padding: 10px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; font-size: 14px;
  display: flex; flex-wrap: wrap; justify-content: space-between; gap: 2px 12px;
  &:last-child { border-bottom: 0; }
  > :first-child { min-width: 0; overflow-wrap: anywhere; }
  span.when { color: ${(p) => p.theme.colors.mutedForeground}; white-space: nowrap; }
`;
const usd = (v: string) => `$${formatDecimal(v, { minFractionDigits: 2, maxFractionDigits: 2 })}`;

function Figure({ title, value, note, to }: { title: string; value: string; note: string; to?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <Big data-testid={`figure-${title}`}>{value}</Big>
        <CardDescription>{to ? <Link to={to}>{note}</Link> : note}</CardDescription>
      </CardContent>
    </Card>
  );
}

/** /admin/dashboard: live figures instead of the spec's placeholders, recent activity, the books check. */
export function OverviewPage() {
  const { data, error, isLoading } = useGetDashboardQuery(undefined, { pollingInterval: 60_000 });
  const [runCheck, checking] = useRunBooksCheckMutation();
  useEffect(() => {
    if (error) toast({ title: 'Error fetching dashboard', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading dashboard...
      </CenteredMessage>
    );
  if (!data) return <CenteredMessage role="alert">The dashboard could not be loaded.</CenteredMessage>;
  const books = data.books_check;
  return (
    <section data-testid="admin-dashboard">
      <h1 style={{ marginTop: 0, fontSize: 24 }}>Admin Dashboard</h1>
      <Grid>
        <Figure
          title="Total Users"
          value={data.total_users.toLocaleString('en-US')}
          note={`+${data.new_users_7d} in the last 7 days`}
          to="/admin/users"
        />
        <Figure
          title="Open Tickets"
          value={String(data.open_tickets)}
          note={`${data.urgent_open_tickets} urgent`}
          to="/admin/tickets"
        />
        <Figure
          title="Platform Volume (24h)"
          value={usd(data.volume_24h.usd)}
          note={`${countOf(
            data.volume_24h.by_asset.reduce((n, a) => n + a.transactions, 0),
            'completed transaction',
            'completed transactions',
          )}`}
        />
        <Figure title="Pending KYC Reviews" value={String(data.pending_kyc)} note="Review the queue" to="/admin/kyc" />
      </Grid>
      <Grid style={{ gridTemplateColumns: undefined }}>
        <Card>
          <CardHeader>
            <CardTitle>Volume by Asset (24h)</CardTitle>
            <CardDescription>In USD at the stored prices</CardDescription>
          </CardHeader>
          <CardContent>
            {data.volume_24h.by_asset.length === 0 ? (
              <CardDescription>No completed transactions in the last 24 hours.</CardDescription>
            ) : (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="volume-by-asset">
                {data.volume_24h.by_asset.map((a) => (
                  <Item key={a.symbol}>
                    <strong>
                      {formatDecimal(a.amount, { minFractionDigits: 0, maxFractionDigits: 8 })} {a.symbol}
                    </strong>
                    <span className="when">
                      {usd(a.usd)} · {countOf(a.transactions, 'transaction', 'transactions')}
                    </span>
                  </Item>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Books Check</CardTitle>
            <CardDescription>Every balance invariant of the ledger; runs every 15 minutes</CardDescription>
          </CardHeader>
          <CardContent style={{ display: 'grid', gap: 10 }}>
            {!books ? (
              <CardDescription>Not run yet.</CardDescription>
            ) : books.ok ? (
              <div data-testid="books-check">
                <Badge $kind="green">Balanced</Badge> checked {formatDateTime(books.checked_at)} ({books.duration_ms}{' '}
                ms)
              </div>
            ) : (
              <div data-testid="books-check">
                <Badge $kind="red">{countOf(books.problem_count, 'problem', 'problems')}</Badge> {books.first_problem}
                <br />
                <small>checked {formatDateTime(books.checked_at)}</small>
              </div>
            )}
            <div>
              <Button
                type="button"
                $size="sm"
                $variant="outline"
                disabled={checking.isLoading}
                onClick={() =>
                  runCheck()
                    .unwrap()
                    .catch((err) =>
                      toast({ title: 'Books check failed', description: errorMessage(err), variant: 'destructive' }),
                    )
                }
              >
                {checking.isLoading ? 'Checking...' : 'Run the check now'}
              </Button>
            </div>
          </CardContent>
        </Card>
      </Grid>
      <Card>
        <CardHeader>
          <CardTitle>Recent Activity</CardTitle>
          <CardDescription>
            Admin actions from the <Link to="/admin/audit">audit log</Link> and new sign-ups
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="recent-activity">
            {data.recent_activity.map((a, i) => (
              <Item key={`${a.at}${i}`}>
                <span>
                  {a.text}
                  {a.actor ? ` — ${a.actor}` : ''}
                </span>
                <span className="when">{formatDateTime(a.at)}</span>
              </Item>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
