import { messagePreview, onRealtimeMessage, type Conversation, type RealtimeMessageEvent } from '@parley/shared';
import { atom } from 'nanostores';

/** What a row shows of its conversation's last message: who wrote and the start of it. */
export interface LastMessagePreview {
  timestamp: string;
  /** When the server stored it: the list's last-message time is one or the other, depending on the message. */
  createdAt: string;
  incoming: boolean;
  /** The contract's `messagePreview`: its text or caption, else its type's English label. */
  text: string;
  /** The message's type (absent from an older server's list answer). */
  type?: string;
}

/**
 * The last message of each conversation: from the list's answers (`lastMessage.preview`) and, newer, as seen live
 * (`message` events). Kept apart from the rows because the `conversation` events that replace a row carry no
 * preview (docs/api.md), and the rule for the words is the contract's `messagePreview`, on both sides.
 */
export const $lastMessagePreviews = atom<Readonly<Record<string, LastMessagePreview>>>({});

/**
 * Which of two messages is newer is told by when the server stored them (`createdAt`, the conversation's order and
 * the list's last-message time), never by `timestamp`: a customer's is WhatsApp's, in whole seconds, so a message
 * sent in the second its predecessor was stored looked older than it and its row lost its preview (issue #20).
 */
const storedAt = (preview: LastMessagePreview) => Date.parse(preview.createdAt);

/** Keeps the newest message per conversation: a status update of an older message changes nothing. */
export function rememberPreview(
  previews: Readonly<Record<string, LastMessagePreview>>,
  event: RealtimeMessageEvent,
): Readonly<Record<string, LastMessagePreview>> {
  const { message } = event;
  const known = previews[event.conversationId];
  if (known && storedAt(known) > Date.parse(message.createdAt)) return previews;
  const preview = {
    timestamp: message.timestamp,
    createdAt: message.createdAt,
    incoming: message.direction === 'incoming',
    text: messagePreview(message),
    type: message.type,
  };
  if (known && known.timestamp === preview.timestamp && known.text === preview.text) return previews;
  return { ...previews, [event.conversationId]: preview };
}

/** Adds the previews of listed conversations, unless a newer message of theirs was seen live. */
export function rememberListed(
  previews: Readonly<Record<string, LastMessagePreview>>,
  rows: readonly Conversation[],
): Readonly<Record<string, LastMessagePreview>> {
  let next = previews;
  for (const { id, lastMessage } of rows) {
    if (lastMessage?.preview === undefined) continue;
    const known = next[id];
    // The list's last-message time is the stored time of that message.
    if (known && storedAt(known) >= Date.parse(lastMessage.timestamp)) continue;
    const { timestamp, incoming, preview, type } = lastMessage;
    next = { ...next, [id]: { timestamp, createdAt: timestamp, incoming, text: preview, type } };
  }
  return next;
}

/** Remembers the previews of a page of the list. */
export function noteListedPreviews(rows: readonly Conversation[]): void {
  const next = rememberListed($lastMessagePreviews.get(), rows);
  if (next !== $lastMessagePreviews.get()) $lastMessagePreviews.set(next);
}

/** The preview of a row, only while it is of the row's last message. */
export function previewFor(
  previews: Readonly<Record<string, LastMessagePreview>>,
  conversationId: string,
  lastMessage: { timestamp: string } | null,
): LastMessagePreview | undefined {
  const preview = previews[conversationId];
  if (!preview || !lastMessage) return undefined;
  const last = Date.parse(lastMessage.timestamp);
  return Date.parse(preview.timestamp) === last || Date.parse(preview.createdAt) === last ? preview : undefined;
}

let stopListening: (() => void) | undefined;

/** Starts remembering (idempotent); it goes on while the dashboard is away, so rows coming back keep theirs. */
export function startPreviews(): void {
  stopListening ??= onRealtimeMessage((event) =>
    $lastMessagePreviews.set(rememberPreview($lastMessagePreviews.get(), event)),
  );
}
