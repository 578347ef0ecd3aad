import pino from 'pino';
import { isTest } from './config.js';
import { traceFields } from './tracing/index.js';

/** One JSON logger for the process; tests are silent unless LOG_LEVEL is set. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (isTest ? 'silent' : 'info'),
  base: undefined,
  mixin: traceFields, // the trace of the request the line belongs to (docs/operations.md)
  // a Plaid access token must never reach a log line, whatever object carries it
  redact: ['req.headers.authorization', 'req.headers.cookie', 'access_token', '*.access_token', '*.*.access_token'],
});
