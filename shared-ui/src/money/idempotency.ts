/**
 * The Idempotency-Key of one money action (the server's rule: api/src/platform/idempotency).
 * - The same body, retried after no definitive answer (network error, a 5xx, a double click, the
 *   same key still in flight), goes with the SAME key: the server answers it once, so a retry can
 *   never move money twice.
 * - Another body gets a new key: the server refuses a key reused with another body.
 * - After a definitive answer (a success or a refusal, which the server stores under the key), the
 *   next request is a new one and gets a new key, even with the same body (a wrong PIN, then the
 *   right one; the same amount sent twice on purpose).
 * The PIN is not part of the body compared, as the server leaves it out of its fingerprint.
 */
export class IdempotencyKeys {
  private pending: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key to send `body` with. */
  keyFor(body: object): string {
    const fingerprint = canonicalJson(body);
    if (this.pending?.fingerprint !== fingerprint) this.pending = { fingerprint, key: this.newKey() };
    return this.pending.key;
  }

  /** The server answered for good (success or refusal): the key is used up. */
  answered(): void {
    this.pending = null;
  }
}

/** JSON with object keys sorted, so two equal bodies compare equal whatever order their keys were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * Whether a failed request may not have been answered for good, so it is retried with the same key:
 * no answer at all, a server error, a rate limit, or the same key still being processed (409 with
 * `retry_after`).
 */
export function isUnanswered(e: unknown): boolean {
  const err = e as { status?: unknown; details?: { retry_after?: unknown } } | null;
  const status = err?.status;
  if (typeof status !== 'number') return true;
  return (
    status >= 500 || status === 408 || status === 429 || (status === 409 && err?.details?.retry_after !== undefined)
  );
}

export type Attempt<R> =
  { outcome: 'done'; result: R } | { outcome: 'refused'; error: unknown } | { outcome: 'unanswered'; error: unknown };

/** One try of a money request with the key its body calls for; the key is used up unless no answer came. */
export async function attemptSend<B extends object, R>(
  keys: IdempotencyKeys,
  body: B,
  send: (body: B, idempotencyKey: string) => Promise<R>,
): Promise<Attempt<R>> {
  const key = keys.keyFor(body);
  try {
    const result = await send(body, key);
    keys.answered();
    return { outcome: 'done', result };
  } catch (error) {
    if (isUnanswered(error)) return { outcome: 'unanswered', error };
    keys.answered();
    return { outcome: 'refused', error };
  }
}
