/**
 * Delivery statuses from WhatsApp (webhook) onto outgoing messages, by wamid. A status may arrive before the
 * send job stored the wamid WhatsApp gave it (the webhook can beat our own database write): it is parked in
 * message_pending_statuses and applied when the wamid is stored. Both sides take a transaction-scoped advisory
 * lock on the wamid, so a status can never slip between "not there yet" and "stored".
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { messages, pendingStatuses, type DeliveryStatus } from './schema';
import { statusesThatMoveTo } from '@parley/contract';

export interface DeliveryUpdate {
  status: DeliveryStatus;
  /** details: Meta's error_data.details, shown to staff with the code and title. */
  error?: { code: string; title: string; details?: string };
}

export async function lockWamid(tx: Tx, accountId: string, wamid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${accountId}:${wamid}`}))`);
}

/** Moves the message forward when the order allows it; returns its id when it changed. */
async function moveStatus(tx: Tx, where: ReturnType<typeof and>, update: DeliveryUpdate): Promise<string | null> {
  const [changed] = await tx
    .update(messages)
    .set({
      status: update.status,
      ...(update.status === 'failed'
        ? {
            errorCode: update.error?.code ?? null,
            errorTitle: update.error?.title ?? 'Not delivered',
            errorDetails: update.error?.details ?? null,
          }
        : {}),
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(where, eq(messages.direction, 'outgoing'), inArray(messages.status, statusesThatMoveTo(update.status))))
    .returning({ id: messages.id });
  return changed?.id ?? null;
}

/** A status webhook: applied, ignored (stale or duplicate), or parked until the wamid is known. */
export async function applyDeliveryStatus(
  tx: Tx,
  accountId: string,
  wamid: string,
  update: DeliveryUpdate,
): Promise<string | null> {
  await lockWamid(tx, accountId, wamid);
  const byWamid = and(eq(messages.accountId, accountId), eq(messages.wamid, wamid));
  const changed = await moveStatus(tx, byWamid, update);
  if (changed) return changed;
  const [known] = await tx.select({ id: messages.id }).from(messages).where(byWamid).limit(1);
  if (!known) {
    await tx.insert(pendingStatuses).values({
      accountId,
      wamid,
      status: update.status,
      errorCode: update.error?.code ?? null,
      errorTitle: update.error?.title ?? null,
      errorDetails: update.error?.details ?? null,
    });
  }
  return null;
}

/**
 * The send job got a wamid: store it (pending → sent), then apply the statuses that came before it. A phone-app
 * echo of this very send that arrived first is dropped (the send is that message; never two of it).
 */
export async function recordAcceptedSend(tx: Tx, accountId: string, messageId: string, wamid: string): Promise<void> {
  await lockWamid(tx, accountId, wamid);
  await tx
    .delete(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.wamid, wamid), eq(messages.sentFrom, 'phone_app')));
  await tx
    .update(messages)
    .set({
      wamid,
      status: sql`case when ${messages.status} = 'pending' then 'sent' else ${messages.status} end`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(messages.id, messageId));
  const parked = await tx
    .select()
    .from(pendingStatuses)
    .where(and(eq(pendingStatuses.accountId, accountId), eq(pendingStatuses.wamid, wamid)))
    .orderBy(asc(pendingStatuses.receivedAt));
  for (const status of parked) {
    await moveStatus(tx, eq(messages.id, messageId), {
      status: status.status,
      ...(status.errorCode || status.errorTitle
        ? {
            error: {
              code: status.errorCode ?? '',
              title: status.errorTitle ?? 'Not delivered',
              ...(status.errorDetails ? { details: status.errorDetails } : {}),
            },
          }
        : {}),
    });
  }
  if (parked.length > 0) {
    await tx
      .delete(pendingStatuses)
      .where(and(eq(pendingStatuses.accountId, accountId), eq(pendingStatuses.wamid, wamid)));
  }
}

/** Statuses for wamids that never turned up (messages sent by other apps on the number): dropped after a week. */
export async function dropOldPendingStatuses(tx: Db | Tx): Promise<void> {
  await tx.delete(pendingStatuses).where(lt(pendingStatuses.receivedAt, sql`now() - interval '7 days'`));
}
