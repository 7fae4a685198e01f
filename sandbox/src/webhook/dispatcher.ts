import type { SandboxOptions } from '../config';
import type { Scheduler } from '../scheduler';
import type { DeliveryAttempt, SandboxState } from '../state';
import { buildEnvelope, type WebhookEvent } from './envelope';
import { legacySignatureHeader, signatureHeader, toMetaJson } from './meta-json';

const maxLogEntries = 2000;

/**
 * Posts signed webhooks like Meta: only HTTP 200 counts as delivered, anything else (other 2xx included, network
 * errors, time-outs) is retried with exponential backoff up to `maxAttempts`. Options duplicate, batch and
 * bad-signature come from `state.delivery`.
 */
export class WebhookDispatcher {
  private batchBuffer: WebhookEvent[] = [];
  private batchArmed = false;
  private nextDeliveryId = 1;
  private inFlight = 0;
  private readonly sentBodies = new Map<number, { body: string; signature: string }>();

  constructor(
    private readonly state: SandboxState,
    private readonly options: SandboxOptions,
    private readonly scheduler: Scheduler,
  ) {}

  emit(events: WebhookEvent[]): void {
    if (events.length === 0) return;
    if (this.state.delivery.batch) {
      this.batchBuffer.push(...events);
      if (!this.batchArmed) {
        this.batchArmed = true;
        this.scheduler.after(this.options.batchWindowMs, () => this.flushBatch());
      }
      return;
    }
    this.post(events);
  }

  flushBatch(): void {
    this.batchArmed = false;
    const events = this.batchBuffer;
    this.batchBuffer = [];
    if (events.length > 0) this.post(events);
  }

  /** Posts the exact bytes of an earlier delivery again, as a new delivery (a Meta-style duplicate). */
  redeliver(deliveryId: number): number | undefined {
    const sent = this.sentBodies.get(deliveryId);
    if (!sent) return undefined;
    const id = this.nextDeliveryId++;
    this.sentBodies.set(id, sent);
    void this.attempt(id, sent.body, sent.signature, 1);
    return id;
  }

  get busy(): boolean {
    return this.inFlight > 0 || this.batchBuffer.length > 0;
  }

  private post(events: WebhookEvent[]): void {
    const subscribed = events.filter((event) =>
      this.state.businesses.get(event.wabaId)?.subscribedAppIds.has(this.options.appId),
    );
    const skipped = events.filter((event) => !subscribed.includes(event));
    if (skipped.length > 0) this.logSkipped(skipped);
    if (subscribed.length === 0) return;
    const body = toMetaJson(buildEnvelope(subscribed), { escapeSlashes: this.options.webhook.escapeSlashes });
    const secret = this.state.delivery.badSignature ? `${this.options.appSecret}-wrong` : this.options.appSecret;
    const signature = signatureHeader(body, secret);
    const copies = this.state.delivery.duplicate ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) {
      const id = this.nextDeliveryId++;
      this.sentBodies.set(id, { body, signature });
      void this.attempt(id, body, signature, 1);
    }
  }

  private async attempt(deliveryId: number, body: string, signature: string, attempt: number): Promise<void> {
    const url = this.state.delivery.webhookUrl;
    const { maxAttempts, retryBaseMs, retryMaxMs, timeoutMs } = this.options.webhook;
    this.inFlight += 1;
    this.state.counters.webhookPosts += 1;
    let status: number | null = null;
    let error: string | undefined;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          'x-hub-signature-256': signature,
          'x-hub-signature': legacySignatureHeader(
            body,
            this.state.delivery.badSignature ? `${this.options.appSecret}-wrong` : this.options.appSecret,
          ),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
    } finally {
      this.inFlight -= 1;
    }
    const acknowledged = status === 200;
    const willRetry = !acknowledged && attempt < maxAttempts;
    this.record({
      deliveryId,
      attempt,
      at: new Date().toISOString(),
      url,
      status,
      ...(error ? { error } : {}),
      outcome: acknowledged ? 'acknowledged' : willRetry ? 'will-retry' : 'gave-up',
      signature,
      body,
    });
    if (acknowledged) {
      this.state.counters.webhooksAcknowledged += 1;
      return;
    }
    this.state.counters.webhookFailures += 1;
    if (!willRetry) {
      this.state.counters.webhooksGivenUp += 1;
      return;
    }
    const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempt - 1));
    this.scheduler.after(delay, () => this.attempt(deliveryId, body, signature, attempt + 1));
  }

  private logSkipped(events: WebhookEvent[]): void {
    this.record({
      deliveryId: this.nextDeliveryId++,
      attempt: 0,
      at: new Date().toISOString(),
      url: this.state.delivery.webhookUrl,
      status: null,
      error: `WABA ${events[0].wabaId} has not subscribed the app (POST /{waba-id}/subscribed_apps)`,
      outcome: 'not-subscribed',
      signature: '',
      body: toMetaJson(buildEnvelope(events)),
    });
  }

  private record(entry: DeliveryAttempt): void {
    this.state.deliveryLog.push(entry);
    if (this.state.deliveryLog.length > maxLogEntries)
      this.state.deliveryLog.splice(0, this.state.deliveryLog.length - maxLogEntries);
  }
}
