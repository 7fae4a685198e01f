/** A list row's preview of the conversation's last message (docs/product-rules.md#dashboard-main). */
export const MESSAGE_PREVIEW_LENGTH = 50;

/** The label of a message without text: its type capitalised, as a quote shows it ('image' → 'Image'). */
export function messageTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

/**
 * The first 50 characters of the message's text or caption (on one line), else its type label. Characters are
 * counted as the reader sees them, so an emoji is never cut in half.
 */
export function messagePreview(message: {
  type: string;
  content?: { text?: unknown; caption?: unknown } | null;
}): string {
  const content = message.content ?? {};
  for (const value of [content.text, content.caption]) {
    const line = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
    if (line) return Array.from(line).slice(0, MESSAGE_PREVIEW_LENGTH).join('');
  }
  return messageTypeLabel(message.type);
}
