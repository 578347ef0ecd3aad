// Webhooks as Plaid sends them: a JSON POST with a Plaid-Verification header holding an ES256 JWT
// ({ iat, request_body_sha256 }) that the receiver checks with the key from
// /webhook_verification_key/get. Delivery runs in the background with a few retries; failures are
// logged, never thrown, because a webhook receiver being down must not fail the API call.
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { importJWK, SignJWT } from 'jose';
import type { SigningKeyRecord } from './state.js';

/** jose's key type (a WebCrypto key in Node), named without the DOM lib so the API's compile of this package works too. */
type SigningKey = Awaited<ReturnType<typeof importJWK>>;

export interface WebhookRetryPolicy {
  attempts: number;
  delayMs: number;
}

const defaultRetryPolicy: WebhookRetryPolicy = { attempts: 3, delayMs: 200 };
const deliveryTimeoutMs = 5_000;

/** The public half of the signing key, in /webhook_verification_key/get's JWKPublicKey shape. */
export function verificationKey(key: SigningKeyRecord) {
  return {
    alg: 'ES256',
    created_at: key.created_at,
    crv: 'P-256',
    expired_at: null,
    kid: key.kid,
    kty: 'EC',
    use: 'sig',
    x: key.private_jwk.x ?? '',
    y: key.private_jwk.y ?? '',
  };
}

export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopped = new AbortController();

  private constructor(
    private readonly kid: string,
    private readonly privateKey: SigningKey,
    private readonly log: (line: string) => void,
    private readonly retry: WebhookRetryPolicy,
  ) {}

  static async create(
    key: SigningKeyRecord,
    log: (line: string) => void,
    retry = defaultRetryPolicy,
  ): Promise<WebhookSender> {
    const privateKey = await importJWK(key.private_jwk, 'ES256');
    return new WebhookSender(key.kid, privateKey, log, retry);
  }

  /** Queues a delivery and returns at once. */
  send(url: string, payload: { webhook_type: string; webhook_code: string; [field: string]: unknown }): void {
    const delivery = this.deliver(
      url,
      JSON.stringify(payload),
      `${payload.webhook_type} ${payload.webhook_code}`,
    ).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Stops retries and aborts deliveries still under way. */
  async close(): Promise<void> {
    this.stopped.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private async sign(body: string): Promise<string> {
    const request_body_sha256 = createHash('sha256').update(body).digest('hex');
    return new SignJWT({ request_body_sha256 })
      .setProtectedHeader({ alg: 'ES256', kid: this.kid, typ: 'JWT' })
      .setIssuedAt()
      .sign(this.privateKey);
  }

  private async deliver(url: string, body: string, name: string): Promise<void> {
    for (let attempt = 1; attempt <= this.retry.attempts && !this.stopped.signal.aborted; attempt += 1) {
      let outcome: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Plaid-Verification': await this.sign(body) },
          body,
          signal: AbortSignal.any([this.stopped.signal, AbortSignal.timeout(deliveryTimeoutMs)]),
        });
        await response.body?.cancel();
        if (response.ok) return;
        outcome = `answered HTTP ${response.status}`;
      } catch (error) {
        if (this.stopped.signal.aborted) return;
        outcome = `failed: ${error instanceof Error ? error.message : String(error)}`;
      }
      this.log(`webhook ${name} to ${url} ${outcome} (try ${attempt} of ${this.retry.attempts})`);
      if (attempt < this.retry.attempts)
        await delay(this.retry.delayMs, undefined, { signal: this.stopped.signal }).catch(() => undefined);
    }
  }
}
