import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';

// /system: what an admin (not an operator with Prometheus) needs to see of the portal's health.
const BooksCheck = z.object({
  checked_at: z.string(),
  ok: z.boolean(),
  problem_count: z.number().int(),
  first_problem: z.string().nullable(),
  duration_ms: z.number().int(),
});
const Job = z.object({
  name: z.string(),
  schedule: z.string().nullable(),
  waiting: z.number().int(),
  running: z.number().int(),
  completed_24h: z.number().int(),
  failed_24h: z.number().int(),
  last_completed_at: z.string().nullable(),
  last_failed_at: z.string().nullable(),
});
export const SystemFigures = z.object({
  books_checks: z.array(BooksCheck).describe('The latest books checks, newest first (at most 20)'),
  jobs: z.array(Job).describe('Every scheduled job queue; empty when no process runs jobs yet'),
  transactions_1h: z
    .array(z.object({ type: z.string(), count: z.number().int() }))
    .describe('Ledger transactions of the last hour by type'),
  process: z
    .object({
      started_at: z.string(),
      requests: z.number().int(),
      server_errors: z.number().int(),
      rate_limited: z.number().int(),
      open_sockets: z.number().int(),
      pool_busy: z.number().int(),
      pool_idle: z.number().int(),
      pool_waiting: z.number().int(),
      event_loop_p99_ms: z.number(),
      memory_mib: z.number().int(),
    })
    .describe('Figures of the API process that answered (since it started); every process has its own'),
});

export const systemRoute = createRoute({
  method: 'get',
  path: '/system',
  tags: ['admin'],
  'x-access': 'admin',
  security,
  summary:
    "Health for admins: books check history, job queues, the last hour of ledger activity, and the answering process's figures",
  middleware: [requireAdmin] as const,
  responses: { 200: json('Figures', SystemFigures), 401: err('Not signed in'), 403: err('Not an admin') },
});
