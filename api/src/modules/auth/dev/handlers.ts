import type { RouteHandler } from '@hono/zod-openapi';
import { validationError } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import type { devOutboxRoute } from './routes.js';

export const devOutbox: RouteHandler<typeof devOutboxRoute, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  if (q.to && q.recipient && q.to !== q.recipient) throw validationError({ to: 'Give to or recipient, not both.' });
  const to = q.to ?? q.recipient;
  return c.json(
    { messages: await readOutbox({ recipient: to?.toLowerCase(), channel: q.channel, limit: q.limit }) },
    200,
  );
};
