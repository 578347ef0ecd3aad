import { createMiddleware } from 'hono/factory';
import { isProduction } from '../config.js';
import { notFound } from '../errors.js';
import { isLoopbackClient } from './client-ip.js';

/**
 * A development route (the mail/SMS outbox holds everyone's reset links and codes): 404, as if it did
 * not exist, in production and to any caller not on this machine, before its input is even read.
 */
export const developmentOnly = createMiddleware(async (c, next) => {
  if (isProduction() || !isLoopbackClient(c)) throw notFound('No such API route');
  await next();
});
