/**
 * Delivery statuses only move forward: pending → sent → delivered → read (steps may be skipped: WhatsApp sends
 * no "delivered" when a message is read at once, and webhooks arrive in any order). "failed" ends a message
 * unless it was already read (a read message reached the customer, whatever comes later). Nothing moves a
 * failed message except an explicit retry.
 */
import { DELIVERY_STATUSES, type DeliveryStatus } from './schema';

const RANK: Record<Exclude<DeliveryStatus, 'failed'>, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

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
