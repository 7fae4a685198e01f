/**
 * Delivery statuses only move forward (docs/product-rules.md#delivery-status): pending → sent → delivered →
 * read, steps may be skipped (WhatsApp sends no "delivered" when a message is read at once, and webhooks arrive
 * in any order). "failed" ends a message unless it was already read (a read message reached the customer,
 * whatever comes later); only an explicit retry moves a failed message, back to pending.
 */
import { DELIVERY_STATUSES, type DeliveryStatus } from '../values';

const RANK: Record<Exclude<DeliveryStatus, 'failed'>, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

/** How far a message got; failed has no place on that scale. */
export const deliveryRank = (status: DeliveryStatus): number | undefined =>
  status === 'failed' ? undefined : RANK[status];

/** Whether a status report from WhatsApp may move a message from `current` to `next`. */
export function canMoveStatus(current: DeliveryStatus | null, next: DeliveryStatus): boolean {
  if (current === null) return false;
  if (current === 'failed') return false;
  if (next === 'failed') return current !== 'read';
  return RANK[next] > RANK[current];
}

/** The statuses a message may be in for `next` to apply (for an UPDATE … WHERE status IN (…)). */
export function statusesThatMoveTo(next: DeliveryStatus): DeliveryStatus[] {
  return DELIVERY_STATUSES.filter((current) => canMoveStatus(current, next));
}

/**
 * Whether `next` is a step back from `current` on the delivery scale (read → sent): a copy of a message that
 * crossed a newer one on the wire. Failed and retried (failed → pending) messages are not steps back.
 */
export function isStatusStepBack(current: DeliveryStatus | undefined, next: DeliveryStatus | undefined): boolean {
  const from = current ? deliveryRank(current) : undefined;
  const to = next ? deliveryRank(next) : undefined;
  return from !== undefined && to !== undefined && to < from;
}
