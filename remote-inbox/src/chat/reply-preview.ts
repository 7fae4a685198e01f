import type { Message } from '@parley/shared';

/** docs/product-rules.md#quoted-reply: a quoted reply shows 50 characters. */
export const QUOTE_PREVIEW_LENGTH = 50;

export function capitalise(word: string): string {
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/**
 * What a quote shows (docs/product-rules.md#quoted-reply): the first 50 characters of a text message, or the capitalised type.
 * Characters are counted as the reader sees them, so an emoji is never cut in half.
 */
export function previewText(message: Pick<Message, 'type' | 'content'>): string {
  const text = typeof message.content?.text === 'string' ? message.content.text : '';
  if (message.type === 'text' && text.trim()) return Array.from(text).slice(0, QUOTE_PREVIEW_LENGTH).join('');
  return capitalise(message.type);
}

/** The quoted message, when it is loaded (`replyTo` is its id). */
export function quotedMessage(message: Message, byId: ReadonlyMap<string, Message>): Message | undefined {
  return message.replyTo ? byId.get(message.replyTo) : undefined;
}

export function quotedId(message: Message): string | undefined {
  return message.replyTo ?? undefined;
}
