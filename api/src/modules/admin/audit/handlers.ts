import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import type { auditRoute } from './routes.js';
import { auditEntries } from './service.js';

const DAY_MS = 86_400_000;
export const audit: RouteHandler<typeof auditRoute, AppEnv> = async (c) => {
  const { subject, actor, action, from, to, cursor } = c.req.valid('query');
  // `to` is a day: entries of that whole day are in
  return c.json(
    await auditEntries({
      subject: subject || undefined,
      actor: actor || undefined,
      action: action || undefined,
      before: cursor,
      from: from ? new Date(`${from}T00:00:00Z`) : undefined,
      to: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    }),
    200,
  );
};
