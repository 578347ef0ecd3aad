import type { RouteHandler } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { currentUser } from '../../../platform/auth/middleware.js';
import { replicaRead, sqlReader } from '../../../platform/db/replica.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { historyCsv } from './csv.js';
import type { historyCsvRoute, historyRoute } from './routes.js';
import { checkAssetFilter, historyPage } from './service.js';

// The newest page stays on the primary (a user checks it right after a send); older pages may lag a
// moment and read a replica (this browser's own writes included, platform/db/replica.ts).
export const history: RouteHandler<typeof historyRoute, AppEnv> = async (c) => {
  const { page, ...filter } = c.req.valid('query');
  const user = currentUser(c).id;
  if (page === 1) return c.json(await historyPage(user, page, filter), 200);
  return c.json(await replicaRead(c, (db) => historyPage(user, page, filter, sqlReader(db))), 200);
};

export const statement: RouteHandler<typeof historyCsvRoute, AppEnv> = async (c) => {
  const user = currentUser(c);
  const filter = c.req.valid('query');
  await checkAssetFilter(filter); // before the 200 starts streaming
  const day = new Date().toISOString().slice(0, 10);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="transactions-${day}.csv"`);
  c.header('Cache-Control', 'no-store');
  return stream(c, async (s) => {
    for await (const chunk of historyCsv(user.id, filter)) await s.write(chunk);
  });
};
