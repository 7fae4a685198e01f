import type { ConversationStatus } from '../values';

/**
 * A new incoming or outgoing message moves its conversation to active unless it is archived
 * (docs/product-rules.md#reactivation).
 */
export const statusAfterNewMessage = (status: ConversationStatus): ConversationStatus =>
  status === 'archived' ? 'archived' : 'active';
