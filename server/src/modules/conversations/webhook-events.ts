/**
 * Everything one webhook POST reports, applied in payload order: messages, reactions, statuses (value-level
 * errors are only logged). Events for a phone number no account has are ignored. Each event commits on its
 * own; when one fails the error propagates (the route answers 500 and WhatsApp redelivers the batch, whose
 * already-stored part then changes nothing).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEvent } from '../../channel/whatsapp';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs';
import { findAccountByPhoneNumberId } from '../whatsapp-connection/service';
import { applyDeliveryStatus } from './delivery-status';
import type { MessageEvents } from './events';
import { applyReaction, storeInboundMessage } from './inbound';

export interface WebhookDeps {
  db: Db;
  jobs: JobRunner;
  events: MessageEvents;
  log: FastifyBaseLogger;
}

export interface WebhookOutcome {
  stored: number;
  duplicates: number;
  statuses: number;
  ignored: number;
}

export async function handleWebhookEvents(deps: WebhookDeps, events: WebhookEvent[]): Promise<WebhookOutcome> {
  const { db, jobs, log } = deps;
  const accountByPhone = new Map<string, string | null>();
  const accountFor = async (phoneNumberId: string) => {
    if (!accountByPhone.has(phoneNumberId)) {
      accountByPhone.set(phoneNumberId, (await findAccountByPhoneNumberId({ db }, phoneNumberId))?.accountId ?? null);
    }
    return accountByPhone.get(phoneNumberId) ?? null;
  };
  const outcome: WebhookOutcome = { stored: 0, duplicates: 0, statuses: 0, ignored: 0 };
  const changed: string[] = [];
  try {
    for (const event of events) {
      const accountId = await accountFor(event.phoneNumberId);
      if (!accountId) {
        outcome.ignored += 1;
        log.info(
          { phoneNumberId: event.phoneNumberId, kind: event.kind },
          'webhook event for a phone number no account has: ignored',
        );
        continue;
      }
      if (event.kind === 'message' && event.type === 'reaction') {
        const reacted = await applyReaction(db, accountId, event);
        if (reacted) changed.push(reacted);
      } else if (event.kind === 'message') {
        const stored = await storeInboundMessage(db, jobs, accountId, event);
        if (!stored) {
          outcome.duplicates += 1;
          continue;
        }
        outcome.stored += 1;
        changed.push(stored.messageId);
        if (stored.queuedDownload) jobs.poke();
      } else if (event.kind === 'status') {
        outcome.statuses += 1;
        const updated = await db.transaction((tx) =>
          applyDeliveryStatus(tx, accountId, event.wamid, {
            status: event.status,
            ...(event.error ? { error: { code: String(event.error.code), title: event.error.title } } : {}),
          }),
        );
        if (updated) changed.push(updated);
      } else {
        log.warn(
          { accountId, code: event.error.code, title: event.error.title },
          'WhatsApp reported an error on the number',
        );
      }
    }
  } finally {
    // What committed is announced even when a later event failed.
    if (changed.length > 0) void deps.events.emit(...changed);
  }
  return outcome;
}
