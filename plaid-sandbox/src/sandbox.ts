// The running sandbox: its state, settings and webhook sender, plus what follows a change —
// saving, telling the item's webhook, and (with autoSettleMs) moving new transfers by themselves.
import type { ItemRecord, SandboxStore } from './state.js';
import type { TransferEvent, TransferFailure } from './plaid-shapes.js';
import { nextAutomaticEvent, simulateTransferEvent, type SimulatableEvent } from './transfer-events.js';
import { transferRecord } from './transfers.js';
import type { WebhookSender } from './webhooks.js';

export interface SandboxSettings {
  clientId: string;
  secret: string;
  creditLimitCents: number;
  autoSettleMs: number | undefined;
}

export class Sandbox {
  private readonly autoSettleTimers = new Set<NodeJS.Timeout>();

  constructor(
    readonly store: SandboxStore,
    readonly settings: SandboxSettings,
    private readonly webhooks: WebhookSender,
    readonly log: (line: string) => void,
  ) {}

  get data() {
    return this.store.data;
  }

  /** Persists the state; every handler that changes it calls this before answering. */
  commit(): void {
    this.store.save();
  }

  notifyItem(
    item: ItemRecord,
    payload: { webhook_type: string; webhook_code: string; [field: string]: unknown },
  ): void {
    if (item.webhook) this.webhooks.send(item.webhook, { ...payload, environment: 'sandbox' });
  }

  /** Plaid's TRANSFER_EVENTS_UPDATE: a nudge to call /transfer/event/sync, sent to the transfer's item. */
  announceTransferEvent(event: TransferEvent): void {
    const record = this.data.transfers[event.transfer_id];
    const item = record && this.data.items[record.item_id];
    if (item) this.notifyItem(item, { webhook_type: 'TRANSFER', webhook_code: 'TRANSFER_EVENTS_UPDATE' });
  }

  transferCreated(event: TransferEvent): void {
    this.announceTransferEvent(event);
    this.scheduleAutoSettle(event.transfer_id);
  }

  simulate(transferId: string, eventType: SimulatableEvent, failureReason?: Partial<TransferFailure>): void {
    const event = simulateTransferEvent(this.data, transferRecord(this.data, transferId), eventType, failureReason);
    this.commit();
    this.announceTransferEvent(event);
  }

  /** After a restart, transfers still under way keep moving. */
  resumeAutoSettle(): void {
    for (const transferId of Object.keys(this.data.transfers)) this.scheduleAutoSettle(transferId);
  }

  close(): Promise<void> {
    for (const timer of this.autoSettleTimers) clearTimeout(timer);
    this.autoSettleTimers.clear();
    return this.webhooks.close();
  }

  private scheduleAutoSettle(transferId: string): void {
    const delayMs = this.settings.autoSettleMs;
    const transfer = this.data.transfers[transferId]?.transfer;
    if (delayMs === undefined || !transfer || !nextAutomaticEvent(transfer)) return;
    const timer = setTimeout(() => {
      this.autoSettleTimers.delete(timer);
      // Checked again at fire time: a simulate call may have moved the transfer meanwhile.
      const next = nextAutomaticEvent(transfer);
      if (!next) return;
      try {
        this.simulate(transferId, next);
      } catch (error) {
        // A timer has no caller to tell; a failed save must not take the process down.
        this.log(
          `automatic ${next} for transfer ${transferId} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      this.scheduleAutoSettle(transferId);
    }, delayMs);
    timer.unref();
    this.autoSettleTimers.add(timer);
  }
}
