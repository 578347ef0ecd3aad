// Plaid's idempotency: the same idempotency_key with the same request gives back what the first
// request made; the same key with a different request is refused.
import { invalidField } from './errors.js';
import type { SandboxData } from './state.js';

/** The id a replay of the same idempotent request gets back, or undefined for a first request. */
export function replayedId(data: SandboxData, key: string | undefined, fingerprint: string): string | undefined {
  if (key === undefined) return undefined;
  const previous = data.idempotency[key];
  if (previous && previous.fingerprint !== fingerprint)
    throw invalidField('idempotency_key was already used with a different request');
  return previous?.id;
}

export function rememberIdempotent(data: SandboxData, key: string | undefined, fingerprint: string, id: string): void {
  if (key !== undefined) data.idempotency[key] = { fingerprint, id };
}
