/**
 * Everything one webhook POST reports, applied in payload order: messages, reactions, the business's own
 * messages from the phone app (echoes, history), statuses (value-level errors are only logged). Events for a
 * phone number no account has are ignored. The events are committed by the group commit (webhook-commit.ts):
 * webhooks that arrive together share a transaction, and each POST is answered only once its own events are
 * committed. When one fails the error propagates (the route answers 500 and WhatsApp redelivers the batch,
 * whose already-stored part then changes nothing).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InboundMessageEvent, WebhookEvent } from '../../channel/whatsapp';
import type { Db, Tx } from '../../db/client';
import type { JobRunner } from '../../jobs';
import { accountIdOfPhoneNumber } from '../credentials/phone-number-accounts';
import { applyDeliveryStatus } from './delivery-status';
import type { EventRow } from './events';
import { applyReaction, storeBusinessMessage, storeInboundMessage, type StoredInbound } from './inbound';
import { isPlainIncoming, storePlainIncomingRun, storeSettledRun } from './inbound-run';
import type { WebhookCommitter } from './webhook-commit';

export interface WebhookDeps {
  db: Db;
  committer: WebhookCommitter;
  log: FastifyBaseLogger;
}

export interface WebhookOutcome {
  stored: number;
  duplicates: number;
  statuses: number;
  ignored: number;
}

export const noOutcome = (): WebhookOutcome => ({ stored: 0, duplicates: 0, statuses: 0, ignored: 0 });

/** One event with the account its phone number belongs to. */
export interface AccountEvent {
  accountId: string;
  event: WebhookEvent;
}

export interface AppliedEvent {
  /** The message whose state changed (to announce once committed). */
  changed: string | null;
  /** Its event's rows as committed, when the statement that stored it was the commit (inbound-run.ts). */
  eventRow?: EventRow;
  /** A media download was queued (poke the job runner once committed). */
  queuedDownload: boolean;
  /** Where the event counts in its webhook's outcome (null: nowhere). */
  counted: 'stored' | 'duplicates' | 'statuses' | null;
}

/** Applies one event inside the caller's transaction, counting it in `outcome`. */
export async function applyWebhookEvent(
  tx: Tx,
  { jobs, log }: { jobs: JobRunner; log: FastifyBaseLogger },
  { accountId, event }: AccountEvent,
  outcome: WebhookOutcome,
): Promise<AppliedEvent> {
  if (event.kind === 'message' && event.type === 'reaction') {
    return { changed: await applyReaction(tx, accountId, event), queuedDownload: false, counted: null };
  }
  if (event.kind === 'message' || event.kind === 'business-message') {
    const stored =
      event.kind === 'message'
        ? await storeInboundMessage(tx, jobs, accountId, event)
        : await storeBusinessMessage(tx, jobs, accountId, event);
    if (!stored) {
      outcome.duplicates += 1;
      return { changed: null, queuedDownload: false, counted: 'duplicates' };
    }
    outcome.stored += 1;
    return { changed: stored.messageId, queuedDownload: stored.queuedDownload, counted: 'stored' };
  }
  if (event.kind === 'status') {
    outcome.statuses += 1;
    const changed = await applyDeliveryStatus(tx, accountId, event.wamid, {
      // A voice message played is a message read (blue ticks); nothing further can follow it.
      status: event.status === 'played' ? 'read' : event.status,
      ...(event.error
        ? {
            error: {
              code: String(event.error.code),
              title: event.error.title,
              ...(event.error.details ? { details: event.error.details } : {}),
            },
          }
        : {}),
    });
    return { changed, queuedDownload: false, counted: 'statuses' };
  }
  log.warn({ accountId, code: event.error.code, title: event.error.title }, 'WhatsApp reported an error on the number');
  return { changed: null, queuedDownload: false, counted: null };
}

/**
 * Applies the events in order inside the caller's transaction: consecutive plain incoming messages of one
 * account as a run (inbound-run.ts, even a run of one: its usual case is one statement), everything else one by
 * one.
 */
export async function applyWebhookEvents(
  tx: Tx,
  deps: { jobs: JobRunner; log: FastifyBaseLogger },
  events: AccountEvent[],
  outcome: WebhookOutcome,
  { settledTried = false }: { settledTried?: boolean } = {},
): Promise<AppliedEvent[]> {
  const applied: AppliedEvent[] = [];
  let index = 0;
  while (index < events.length) {
    const { accountId } = events[index];
    let end = index;
    const run: InboundMessageEvent[] = [];
    for (; end < events.length && events[end].accountId === accountId; end += 1) {
      const event = events[end].event;
      if (!isPlainIncoming(event)) break;
      run.push(event);
    }
    if (run.length === 0) {
      applied.push(await applyWebhookEvent(tx, deps, events[index], outcome));
      index += 1;
      continue;
    }
    for (const stored of await storePlainIncomingRun(tx, deps.jobs, accountId, run, { settledTried })) {
      applied.push(appliedMessage(stored, outcome));
    }
    index = end;
  }
  return applied;
}

/** A message stored (or null: already there), counted in `outcome`. */
function appliedMessage(stored: StoredInbound | null, outcome: WebhookOutcome): AppliedEvent {
  outcome[stored ? 'stored' : 'duplicates'] += 1;
  return {
    changed: stored?.messageId ?? null,
    ...(stored?.eventRow ? { eventRow: stored.eventRow } : {}),
    queuedDownload: stored?.queuedDownload ?? false,
    counted: stored ? 'stored' : 'duplicates',
  };
}

/**
 * A group of nothing but one account's plain incoming messages from settled customers (a reply flood's usual
 * group) is one statement (storeSettledRun), which commits on its own: no transaction to open and commit.
 * `applied` is null when the group is anything else, and nothing was written; `tried` says whether the statement
 * ran (and found a sender not settled), so the caller's transaction need not run it again.
 */
export async function applySettledGroup(
  db: Db,
  events: AccountEvent[],
  outcome: WebhookOutcome,
): Promise<{ tried: boolean; applied: AppliedEvent[] | null }> {
  const accountId = events[0]?.accountId;
  const run: InboundMessageEvent[] = [];
  for (const { accountId: account, event } of events) {
    if (account !== accountId || !isPlainIncoming(event)) return { tried: false, applied: null };
    run.push(event);
  }
  if (!accountId) return { tried: false, applied: null };
  const stored = await storeSettledRun(db, accountId, run, { withEventRows: true });
  return { tried: true, applied: stored && stored.map((message) => appliedMessage(message, outcome)) };
}

export async function handleWebhookEvents(deps: WebhookDeps, events: WebhookEvent[]): Promise<WebhookOutcome> {
  const { db, log } = deps;
  const known: AccountEvent[] = [];
  let ignored = 0;
  for (const event of events) {
    const accountId = await accountIdOfPhoneNumber(db, event.phoneNumberId);
    if (accountId) {
      known.push({ accountId, event });
      continue;
    }
    ignored += 1;
    log.info(
      { phoneNumberId: event.phoneNumberId, kind: event.kind },
      'webhook event for a phone number no account has: ignored',
    );
  }
  const outcome = await deps.committer.apply(known);
  return { ...outcome, ignored: outcome.ignored + ignored };
}
