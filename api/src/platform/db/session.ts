import { getDatabaseUrl } from './pool.js';

// When DATABASE_URL is a pooler in transaction mode (PgBouncer, docs/scaling.md "The HA topology"), a
// server connection is the client's for one transaction only. What needs a session of its own goes
// to DATABASE_SESSION_URL instead (the primary directly): the LISTEN connection, pg-boss (advisory
// locks held across statements) and the migrations (pg_advisory_lock).

/** The database address for session-bound work: DATABASE_SESSION_URL, else the one DATABASE_URL. */
export function sessionDatabaseUrl(): string {
  return process.env.DATABASE_SESSION_URL || getDatabaseUrl();
}

/**
 * Named prepared statements outlive a transaction, so behind a transaction pooler they would land
 * on a server connection that never saw them (PgBouncer before 1.21 cannot track them): off when a
 * session URL says DATABASE_URL is such a pooler. Every named query takes its name from here.
 */
const namedStatements = (): boolean => !process.env.DATABASE_SESSION_URL;

/** A query's statement name (prepared once per connection), or none behind a transaction pooler. */
export const statementName = (name: string): string | undefined => (namedStatements() ? name : undefined);
