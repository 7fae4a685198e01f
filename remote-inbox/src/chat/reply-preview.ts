import type { Message } from '@parley/shared';

/** Spec section 9: a quoted reply shows 50 characters. */
export const QUOTE_PREVIEW_LENGTH = 50;

export function capitalise(word: string): string {
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/**
 * What a quote shows (spec section 2): the first 50 characters of a text message, or the capitalised type.
 * Characters are counted as the reader sees them, so an emoji is never cut in half.
 */
export function previewText(message: Pick<Message, 'type' | 'content'>): string {
  const text = typeof message.content?.text === 'string' ? message.content.text : '';
  if (message.type === 'text' && text.trim()) return Array.from(text).slice(0, QUOTE_PREVIEW_LENGTH).join('');
  return capitalise(message.type);
}

/** The quoted message, whether the server embedded it or sent only its id. */
export function quotedMessage(message: Message, byId: ReadonlyMap<string, Message>): Message | undefined {
  const { replyTo } = message;
  if (!replyTo) return undefined;
  if (typeof replyTo === 'string') return byId.get(replyTo);
  return byId.get(replyTo.id) ?? replyTo;
}

export function quotedId(message: Message): string | undefined {
  const { replyTo } = message;
  if (!replyTo) return undefined;
  return typeof replyTo === 'string' ? replyTo : replyTo.id;
}
