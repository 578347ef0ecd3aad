import type { AuthUser } from '../auth/tokens.js';

/** Hono environment shared by every router: what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    user?: AuthUser;
    requestId: string;
  };
}
