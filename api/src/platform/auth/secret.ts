import { localSecret } from '../secrets.js';

let secret: Uint8Array | undefined;

/**
 * HS256 key for access tokens (and the other MACs listed in platform/secrets.ts): JWT_SECRET, or in
 * development a random key kept in $PORTAL_HOME/jwt-secret so restarts keep sessions.
 */
export const jwtSecret = (): Uint8Array => (secret ??= new Uint8Array(localSecret('JWT_SECRET')));
