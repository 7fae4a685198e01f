import type { SandboxOptions } from '../config';
import { randomBytes } from 'node:crypto';
import { unixSeconds } from '../ids';
import { statusErrors } from '../graph/graph-error';
import type { Scheduler } from '../scheduler';
import type { ConversationMessage, SandboxState } from '../state';
import type { WebhookDispatcher } from '../webhook/dispatcher';
import type { WebhookEvent } from '../webhook/envelope';

export type ProgressStatus = 'sent' | 'delivered' | 'read';
const ladder: ProgressStatus[] = ['sent', 'delivered', 'read'];

/** Drives a business message's statuses to the webhook: sent → delivered → read, or a single `failed`. */
export class StatusDriver {
  private readonly conversations = new Map<string, { id: string; expiresAt: number }>();

  constructor(
    private readonly state: SandboxState,
    private readonly options: SandboxOptions,
    private readonly scheduler: Scheduler,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  afterSend(message: ConversationMessage, asyncFailure?: 131047 | 131026): void {
    const delays = this.options.statusDelaysMs;
    if (asyncFailure) {
      this.scheduler.after(delays.sent, () => this.emit(message, [this.failedStatus(message, asyncFailure)]));
      return;
    }
    const { autoStatuses, autoStatusesUpTo, reverseStatuses, skipDelivered } = this.state.delivery;
    if (!autoStatuses) return;
    // Meta sends no 'delivered' when a message is read at once.
    const steps = ladder
      .slice(0, ladder.indexOf(autoStatusesUpTo) + 1)
      .filter((status) => !(skipDelivered && status === 'delivered' && autoStatusesUpTo === 'read'));
    if (reverseStatuses) {
      const last = steps[steps.length - 1];
      this.scheduler.after(delays[last], () =>
        this.emit(
          message,
          [...steps].reverse().map((status) => this.progressStatus(message, status)),
        ),
      );
      return;
    }
    for (const status of steps)
      this.scheduler.after(delays[status], () => this.emit(message, [this.progressStatus(message, status)]));
  }

  /**
   * Posts one status now (control API: a customer reads a message, a test forces an order). 'played': the
   * customer listened to a voice message (after 'read').
   */
  push(message: ConversationMessage, status: ProgressStatus | 'played' | 'failed', errorCode?: 131047 | 131026): void {
    const payload =
      status === 'failed' ? this.failedStatus(message, errorCode ?? 131026) : this.progressStatus(message, status);
    this.emit(message, [payload]);
  }

  private emit(message: ConversationMessage, statuses: Record<string, unknown>[]): void {
    const phone = this.state.phoneNumbers.get(message.phoneNumberId);
    if (!phone) return;
    const events: WebhookEvent[] = statuses.map((status) => {
      const error = (status.errors as Array<{ code: number; title: string }> | undefined)?.[0];
      message.statuses.push({
        status: status.status as ProgressStatus | 'played',
        at: Date.now(),
        ...(error ? { error: { code: error.code, title: error.title } } : {}),
      });
      this.state.counters.statusesPosted += 1;
      return {
        kind: 'status',
        wabaId: phone.wabaId,
        phoneNumberId: phone.id,
        displayPhoneNumber: phone.displayPhoneNumber,
        status,
      };
    });
    // Reversed statuses go out as separate posts, so the receiver sees them in that order.
    if (statuses.length > 1 && !this.state.delivery.batch) for (const event of events) this.dispatcher.emit([event]);
    else this.dispatcher.emit(events);
  }

  private progressStatus(message: ConversationMessage, status: ProgressStatus | 'played'): Record<string, unknown> {
    const billable =
      status !== 'read' &&
      status !== 'played' &&
      !message.statuses.some((record) => record.status === 'delivered' || record.status === 'read');
    const isTemplate = message.type === 'template';
    const category = isTemplate ? this.templateCategory(message) : 'service';
    const conversation = this.conversationFor(message);
    return {
      id: message.wamid,
      status,
      timestamp: unixSeconds(),
      recipient_id: message.customerWaId,
      ...(billable
        ? {
            conversation: {
              id: conversation.id,
              ...(status === 'sent' ? { expiration_timestamp: String(Math.floor(conversation.expiresAt / 1000)) } : {}),
              origin: { type: category },
            },
            pricing: {
              billable: isTemplate,
              pricing_model: 'PMP',
              type: isTemplate ? 'regular' : 'free_customer_service',
              category,
            },
          }
        : {}),
    };
  }

  private failedStatus(message: ConversationMessage, code: 131047 | 131026): Record<string, unknown> {
    return {
      id: message.wamid,
      status: 'failed',
      timestamp: unixSeconds(),
      recipient_id: message.customerWaId,
      errors: [structuredClone(statusErrors[code])],
    };
  }

  private templateCategory(message: ConversationMessage): string {
    const name = (message.payload.template as { name?: string } | undefined)?.name;
    const template = this.state
      .businessOfPhone(message.phoneNumberId)
      ?.templates.find((candidate) => candidate.name === name);
    return (template?.category ?? 'UTILITY').toLowerCase();
  }

  private conversationFor(message: ConversationMessage): { id: string; expiresAt: number } {
    const key = `${message.phoneNumberId}:${message.customerWaId}`;
    const existing = this.conversations.get(key);
    if (existing && existing.expiresAt > Date.now()) return existing;
    const created = { id: randomBytes(16).toString('hex'), expiresAt: Date.now() + 24 * 3600_000 };
    this.conversations.set(key, created);
    return created;
  }
}
