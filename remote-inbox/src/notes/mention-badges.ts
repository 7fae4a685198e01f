import { atom } from 'nanostores';

/**
 * Conversations in which a colleague mentioned the signed-in staff member since they last opened them (issue #21):
 * their rows show an @ badge. Live only, in this tab: the server keeps no read state for mentions, so a reload
 * forgets the badges (the mention toast and the note stay).
 */
export const $mentionedConversations = atom<ReadonlySet<string>>(new Set());

export function noteMention(conversationId: string): void {
  const now = $mentionedConversations.get();
  if (!now.has(conversationId)) $mentionedConversations.set(new Set([...now, conversationId]));
}

export function clearMention(conversationId: string): void {
  const now = $mentionedConversations.get();
  if (!now.has(conversationId)) return;
  const next = new Set(now);
  next.delete(conversationId);
  $mentionedConversations.set(next);
}
