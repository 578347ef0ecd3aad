import { createRouter } from '../../platform/http/router.js';
import { logo, remotes } from './handlers.js';
import { logoRoute, remotesRoute } from './routes.js';

/** /api/platform: what the shell needs at start (remote registry) and shared static assets. */
export const router = createRouter()
  .openapi(remotesRoute, remotes)
  .openapi(logoRoute, logo);
