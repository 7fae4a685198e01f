import { isStatusStepBack, type Message } from '@parley/shared';
import { compareMessages } from './message-order';

/**
 * The newer of two copies of one message. Answers and socket events can cross on the wire, so an older copy
 * never replaces a newer one, and a status never climbs down (read stays read after a late "sent").
 */
export function newerCopy(current: Message, incoming: Message): Message {
  if (Date.parse(incoming.updatedAt) < Date.parse(current.updatedAt)) return current;
  // docs/product-rules.md#delivery-status
  if (isStatusStepBack(current.status, incoming.status))
    return { ...incoming, status: current.status, error: current.error };
  return incoming;
}

/** Adds or updates one message in an oldest-first list (a new one almost always goes last). */
export function upsertMessage(messages: Message[], message: Message): Message[] {
  const index = messages.findIndex((existing) => existing.id === message.id);
  if (index !== -1) {
    const merged = newerCopy(messages[index], message);
    if (merged === messages[index]) return messages;
    const next = messages.slice();
    next[index] = merged;
    return next;
  }
  let position = messages.length;
  while (position > 0 && compareMessages(messages[position - 1], message) > 0) position -= 1;
  return [...messages.slice(0, position), message, ...messages.slice(position)];
}

/** Older page (oldest first) in front of what is loaded, without duplicates. */
export function prependOlder(messages: Message[], older: Message[]): Message[] {
  const loaded = new Set(messages.map((message) => message.id));
  return [...older.filter((message) => !loaded.has(message.id)), ...messages];
}

/**
 * After a reconnect: the newest page joins what is loaded when the two overlap; with a gap between them the
 * newest page replaces everything (older pages load again on scrolling up).
 */
export function mergeLatestPage(messages: Message[], latest: Message[]): { messages: Message[]; replaced: boolean } {
  if (!latest.length) return { messages, replaced: false };
  const loaded = new Set(messages.map((message) => message.id));
  if (messages.length && !loaded.has(latest[0].id) && latest.length > 1) return { messages: latest, replaced: true };
  return { messages: latest.reduce(upsertMessage, messages), replaced: false };
}
