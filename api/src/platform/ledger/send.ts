import { getPool } from '../db/pool.js';
import { errorBody, isDatabaseUnavailable, ledgerAnswer, type LedgerRefusal } from '../errors.js';
import { logger } from '../logger.js';
import { metrics } from '../metrics/index.js';
import { pinProof } from '../pin/index.js';
import type { StepUpTerms } from '../second-factor/step-up.js';
import { walletSend, walletSendBatch, type IWalletSendResult } from './send.queries.js';

/**
 * A user sends money to another user (perform-p2p-transfer), or pays a payment request: PIN,
 * limits, balance, idempotency and the ledger posting in ONE round trip (SQL wallet_send() in
 * prisma/sql/money.sql). SQL answers the send's body or a refusal code with its figures (stored under
 * the Idempotency-Key as such); the answer here is HTTP-ready: 201 with the body as PostgreSQL wrote
 * it, or the refusal mapped by platform/errors.ts (ledgerAnswer). Mapping on every read, first answer
 * and replay alike, keeps the send at one round trip (storing a mapped answer would need a second
 * statement after the mapping, or the words in SQL) and replays byte-identical: the same stored
 * refusal maps to the same bytes. Business failures are answers, not exceptions; only an unexpected
 * database error throws. Concurrent sends are batched by SendQueue below.
 */
export interface SendRequest {
  senderId: string;
  recipientEmail?: string | null;
  recipientId?: string | null;
  /** Ignored when paying a request (the request fixes asset, amount, recipient and description). */
  assetSymbol?: string | null;
  amount?: string | null;
  description?: string | null;
  pin: string;
  paymentRequestId?: string | null;
  idempotency?: { key: string; requestHash: string } | null;
  /** Checked by the send itself before anything else (money.sql M6); absent when the caller checked step-up. */
  stepUp?: StepUpTerms | null;
}

/** `json`: the answer's JSON text (a send made: as PostgreSQL wrote it, sent as is: no parse and re-serialise on the hot path). */
export interface SendAnswer {
  status: number;
  json: string;
  replayed: boolean;
  retryAfter: number | null;
}
/** `plain`: made by the batch's set-based statement rather than one by one. */
type Answered = SendAnswer & { plain: boolean };

/**
 * The HTTP answer of a row of wallet_send / wallet_send_batch (send.sql: the body's text, its refusal
 * if any, a replayed row's stored HTTP status): a refusal through the one mapping, a send made as 201.
 * A replayed row the general idempotent path stored (an answer already mapped, with its status) is
 * sent as stored.
 */
function answerOf(o: IWalletSendResult): SendAnswer {
  if (o.stored_status != null) {
    const retry =
      o.stored_status >= 400
        ? (JSON.parse(o.json) as { details?: { retry_after?: number } }).details?.retry_after
        : undefined;
    return { status: o.stored_status, json: o.json, replayed: o.replayed, retryAfter: retry ?? null };
  }
  if (!o.refusal) return { status: 201, json: o.json, replayed: o.replayed, retryAfter: null };
  const e = ledgerAnswer(o.refusal as LedgerRefusal); // its shape: money.sql
  const retry = e.headers?.['Retry-After'];
  return {
    status: e.status,
    json: JSON.stringify(errorBody(e)),
    replayed: o.replayed,
    retryAfter: retry === undefined ? null : Number(retry),
  };
}
/** One send in a database transaction of its own. */
export async function sendAlone(req: SendRequest): Promise<SendAnswer> {
  const [row] = await walletSend.runNamed(
    'wallet_send',
    {
      senderId: req.senderId,
      recipientEmail: req.recipientEmail,
      recipientId: req.recipientId,
      assetSymbol: req.assetSymbol,
      amount: req.amount,
      description: req.description,
      pinProof: pinProof(req.senderId, req.pin),
      idempotencyKey: req.idempotency?.key,
      requestHash: req.idempotency?.requestHash,
      paymentRequestId: req.paymentRequestId,
      stepUp: req.stepUp,
    },
    getPool(),
  );
  return answerOf(row!);
}

/** Several sends in one database transaction (SQL wallet_send_batch(), prisma/sql/money.sql); answers in order. */
export async function sendTogether(reqs: readonly SendRequest[]): Promise<Answered[]> {
  const items = reqs.map((req) => ({
    sender: req.senderId,
    recipient_email: req.recipientEmail ?? null,
    recipient_id: req.recipientId ?? null,
    asset: req.assetSymbol ?? null,
    amount: req.amount ?? null,
    description: req.description ?? null,
    pin_proof: pinProof(req.senderId, req.pin).toString('hex'),
    key: req.idempotency?.key ?? null,
    hash: req.idempotency?.requestHash ?? null,
    request_id: req.paymentRequestId ?? null,
    step_up: req.stepUp ?? null,
  }));
  const rows = await walletSendBatch.runNamed('wallet_send_batch', { items: JSON.stringify(items) }, getPool());
  return rows.map((row) => ({ ...answerOf(row), plain: row.plain }));
}

/**
 * One batch in the database at a time: the sends that arrive meanwhile form the next one. Against two
 * at once (50 clients, interleaved runs, docs/decisions.md) one made batches twice as large (25 vs 12),
 * used less PostgreSQL CPU per send and answered more sends per second with a lower p99; with two, the
 * batches mostly waited for each other's wallet locks. Each API process has its own queue.
 */
const SEND_BATCHES_AT_ONCE = 1;
const SEND_BATCH_MAX = 100;

interface Waiting {
  req: SendRequest;
  resolve: (a: SendAnswer) => void;
  reject: (err: unknown) => void;
}

const settle = (w: Waiting, answer: Promise<SendAnswer>) => answer.then(w.resolve, w.reject);

/**
 * Sends wait here while `atOnce` batches are in the database; when one finishes, every send that
 * arrived meanwhile (up to `maxBatch`) goes as the next batch. No timer: an idle API sends at once
 * (a batch of one is a plain wallet_send), a busy one makes bigger batches and pays a database
 * transaction's fixed costs once per batch. A batch that fails with a database error (not an outage)
 * left nothing behind, so its sends are then made alone and each gets its own answer or error. An
 * outage (no connection, a timeout) fails the batch and every send still waiting: each would only
 * wait for the same timeout again, and a 503 tells its client to retry (with the same key).
 */
export class SendQueue {
  readonly stats = { batches: 0, batchedSends: 0, plainSends: 0, fallbacks: 0 };
  private readonly waiting: Waiting[] = [];
  private running = 0;
  private readonly atOnce: number;
  private readonly maxBatch: number;
  private readonly alone: (req: SendRequest) => Promise<SendAnswer>;
  private readonly together: (reqs: readonly SendRequest[]) => Promise<Answered[]>;

  constructor(
    options: { atOnce?: number; maxBatch?: number; alone?: SendQueue['alone']; together?: SendQueue['together'] } = {},
  ) {
    this.atOnce = options.atOnce ?? SEND_BATCHES_AT_ONCE;
    this.maxBatch = options.maxBatch ?? SEND_BATCH_MAX;
    this.alone = options.alone ?? sendAlone;
    this.together = options.together ?? sendTogether;
  }

  send(req: SendRequest): Promise<SendAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ req, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.running < this.atOnce && this.waiting.length > 0) {
      this.running++;
      void this.run(this.waiting.splice(0, this.maxBatch));
    }
  }

  /** The database is done with a batch: the next one goes before this one's answers are written out. */
  private release(): void {
    this.running--;
    this.dispatch();
  }

  private async run(batch: Waiting[]): Promise<void> {
    let answers: Answered[];
    try {
      answers = await this.query(batch);
    } catch (err) {
      return this.failed(batch, err);
    }
    this.release();
    this.stats.plainSends += answers.filter((a) => a.plain).length;
    batch.forEach((w, i) => {
      const { status, json, replayed, retryAfter } = answers[i]!;
      w.resolve({ status, json, replayed, retryAfter });
    });
  }

  private async query(batch: Waiting[]): Promise<Answered[]> {
    if (batch.length === 1) return [{ ...(await this.alone(batch[0]!.req)), plain: false }];
    this.stats.batches++;
    this.stats.batchedSends += batch.length;
    return this.together(batch.map((w) => w.req));
  }

  private async failed(batch: Waiting[], err: unknown): Promise<void> {
    const outage = isDatabaseUnavailable(err);
    // An outage fails every send still waiting too: each would only wait for the same timeout again.
    const failed = outage ? [...batch, ...this.waiting.splice(0)] : batch;
    this.release();
    if (outage || batch.length === 1) return failed.forEach((w) => w.reject(err));
    this.stats.fallbacks++;
    logger.warn({ err, sends: batch.length }, 'send batch failed; making its sends one by one');
    await Promise.all(batch.map((w) => settle(w, this.alone(w.req))));
  }
}

/** The API process's queue: every send and payment of a request goes through it. */
export const sendQueue = new SendQueue();

export async function sendMoney(req: SendRequest): Promise<SendAnswer> {
  const answer = await sendQueue.send(req);
  countSend(answer);
  return answer;
}

/** A send's answer is committed when it arrives (one statement): counted in platform/metrics. */
function countSend(answer: SendAnswer): void {
  if (answer.replayed) metrics.idempotency.inc({ outcome: 'replay' });
  else if (answer.status === 422) metrics.idempotency.inc({ outcome: 'conflict' });
  else if (answer.status === 201) metrics.ledgerTransactions.inc({ type: 'p2p_transfer' }); // a request's payment is a p2p_transfer too (money.sql)
}
