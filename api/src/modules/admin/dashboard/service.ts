import { listAudit } from '../../../platform/audit/index.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { sqlReader, type ReadClient } from '../../../platform/db/replica.js';
import { checkBooks } from '../../../platform/ledger/index.js';
import { volume24h as volume24hQuery } from './service.queries.js';

// The admin dashboard: live figures, each from an index or a small table (their indexes
// are in the baseline migration), never a scan of the ledger on a page load.

const OPEN_STATUSES = ['open', 'in_progress', 'on_hold'] as const;
const DAY_MS = 86_400_000;

/** Completed transactions of the last 24 hours per asset, and in USD at the stored prices (an index-only range scan). */
async function volume24h(now: Date, db: ReadClient) {
  const rows = await volume24hQuery.run({ since: new Date(now.getTime() - DAY_MS) }, sqlReader(db));
  const usd = rows.reduce((sum, r) => sum + Number(r.usd), 0);
  return {
    usd: usd.toFixed(2),
    by_asset: rows.map((r) => ({
      symbol: r.symbol,
      amount: Number(r.amount).toFixed(r.scale),
      usd: Number(r.usd).toFixed(2),
      transactions: r.count,
    })),
  };
}

/** The audit log's latest entries and the latest sign-ups, merged newest first. */
async function recentActivity(db: ReadClient) {
  const [audit, signups] = await Promise.all([
    listAudit({ limit: 8 }, sqlReader(db)),
    db.profile.findMany({
      where: { deletedAt: null },
      orderBy: { createdAt: 'desc' },
      take: 5,
      select: { id: true, fullName: true, username: true, createdAt: true },
    }),
  ]);
  const items = [
    ...audit.map((a) => ({
      kind: 'audit' as const,
      text: a.subject_name ? `${a.action_words}: ${a.subject_name}` : a.action_words,
      actor: a.actor_name,
      at: new Date(a.created_at),
    })),
    ...signups.map((p) => ({
      kind: 'signup' as const,
      text: `New user: ${p.fullName ?? p.username ?? 'unnamed'}`,
      actor: null,
      at: p.createdAt,
    })),
  ];
  return items
    .sort((x, y) => y.at.getTime() - x.at.getTime())
    .slice(0, 10)
    .map((i) => ({ ...i, at: i.at.toISOString() }));
}

async function latestBooksCheck(db: ReadClient = getPrisma()) {
  const c = await db.booksCheck.findFirst({ orderBy: { id: 'desc' } });
  if (!c) return null;
  const problems = c.problems as string[];
  return {
    checked_at: c.checkedAt.toISOString(),
    ok: problems.length === 0,
    problem_count: problems.length,
    first_problem: problems[0] ?? null,
    duration_ms: c.durationMs,
  };
}

/** The figures, read from `db` (a replica may answer them: platform/db/replica.ts). */
export async function dashboard(db: ReadClient = getPrisma(), now = new Date()) {
  const [totalUsers, newUsers, openTickets, urgentTickets, pendingKyc, volume, recent, books] = await Promise.all([
    db.profile.count({ where: { deletedAt: null } }),
    db.profile.count({ where: { deletedAt: null, createdAt: { gt: new Date(now.getTime() - 7 * DAY_MS) } } }),
    db.customerSupportTicket.count({ where: { status: { in: [...OPEN_STATUSES] } } }),
    db.customerSupportTicket.count({ where: { status: { in: [...OPEN_STATUSES] }, priority: 'urgent' } }),
    db.kycSubmission.count({ where: { status: 'pending' } }),
    volume24h(now, db),
    recentActivity(db),
    latestBooksCheck(db),
  ]);
  return {
    total_users: totalUsers,
    new_users_7d: newUsers,
    open_tickets: openTickets,
    urgent_open_tickets: urgentTickets,
    pending_kyc: pendingKyc,
    volume_24h: volume,
    recent_activity: recent,
    books_check: books,
  };
}

/** Runs the books check (every balance invariant of the ledger: platform/ledger/check-books.ts) and keeps its result. */
export async function runBooksCheck() {
  const started = performance.now();
  const report = await checkBooks();
  await getPrisma().booksCheck.create({
    data: { durationMs: Math.round(performance.now() - started), problems: report.problems },
  });
  return { books_check: await latestBooksCheck() };
}
