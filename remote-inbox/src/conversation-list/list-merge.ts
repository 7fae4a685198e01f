import type { Conversation, ConversationStatus, Message, RealtimeMessageEvent } from '@parley/shared';

/**
 * The conversation as it is after `message`, when the event did not carry the server's copy: a message newer
 * than the last one becomes the last one and moves the conversation to active unless it is archived (spec
 * section 4). A status update of an older message changes nothing here.
 */
export function conversationAfterMessage(conversation: Conversation, message: Message): Conversation {
  const last = conversation.lastMessage ? Date.parse(conversation.lastMessage.timestamp) : -Infinity;
  if (!(Date.parse(message.createdAt) > last)) return conversation;
  return {
    ...conversation,
    lastMessage: { incoming: message.direction === 'incoming', timestamp: message.createdAt },
    status: conversation.status === 'archived' ? 'archived' : 'active',
  };
}

/** Puts `conversation` in the rows of `tab` when its status belongs there, else takes it out. */
export function placeConversation(
  rows: Conversation[],
  conversation: Conversation,
  tab: ConversationStatus,
): Conversation[] {
  const index = rows.findIndex((row) => row.id === conversation.id);
  if (conversation.status !== tab) return index === -1 ? rows : rows.filter((row) => row.id !== conversation.id);
  if (index === -1) return [conversation, ...rows];
  const next = rows.slice();
  next[index] = conversation;
  return next;
}

export type LiveListResult = { kind: 'rows'; rows: Conversation[] } | { kind: 'unknown' };

/**
 * A `message` event applied to the loaded rows of one tab. A conversation the client has never seen and the
 * event does not describe is "unknown": the caller reloads the list (spec section 4).
 */
export function applyLiveEvent(
  rows: Conversation[],
  event: RealtimeMessageEvent,
  tab: ConversationStatus,
): LiveListResult {
  const known = rows.find((row) => row.id === event.conversationId);
  const updated = event.conversation ?? (known ? conversationAfterMessage(known, event.message) : undefined);
  if (!updated) return { kind: 'unknown' };
  if (updated === known) return { kind: 'rows', rows };
  return { kind: 'rows', rows: placeConversation(rows, updated, tab) };
}
