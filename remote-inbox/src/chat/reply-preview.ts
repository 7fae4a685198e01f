import { messagePreview, messageTypeLabel, type Message } from '@parley/shared';
import { t } from '../i18n';

/** docs/product-rules.md#quoted-reply: a quoted reply shows 50 characters. */
export const QUOTE_PREVIEW_LENGTH = 50;

/**
 * What a quote shows (docs/product-rules.md#quoted-reply): the first 50 characters of a text message, or the type's name.
 * Characters are counted as the reader sees them, so an emoji is never cut in half.
 */
export function previewText(message: Pick<Message, 'type' | 'content'>): string {
  const text = typeof message.content?.text === 'string' ? message.content.text : '';
  if (message.type === 'text' && text.trim()) return Array.from(text).slice(0, QUOTE_PREVIEW_LENGTH).join('');
  return typeLabel(message.type);
}

/** A message type's name in the reader's language (in English the contract's `messageTypeLabel`: 'image' → 'Image'). */
export function typeLabel(type: string): string {
  switch (type) {
    case 'text':
      return t('types.text');
    case 'image':
      return t('types.image');
    case 'video':
      return t('types.video');
    case 'audio':
      return t('types.audio');
    case 'document':
      return t('types.document');
    case 'sticker':
      return t('types.sticker');
    case 'location':
      return t('types.location');
    case 'contacts':
      return t('types.contacts');
    case 'interactive':
      return t('types.interactive');
    case 'reaction':
      return t('types.reaction');
    case 'template':
      return t('types.template');
    case 'order':
      return t('types.order');
    case 'button':
      return t('types.button');
    case 'system':
      return t('types.system');
    case 'request_welcome':
      return t('types.requestWelcome');
    case 'unsupported':
      return t('types.unsupported');
    default:
      return messageTypeLabel(type);
  }
}

/** The contract's `messagePreview` (text or caption, else the type's name), with the type named in the reader's language. */
export function localPreview(message: Pick<Message, 'type' | 'content'>): string {
  return inReadersLanguage(messagePreview(message), message.type);
}

/** A preview made by the contract's `messagePreview` (the server's, or ours), its type's English label translated. */
export function inReadersLanguage(preview: string, type: string | undefined): string {
  return type !== undefined && preview === messageTypeLabel(type) ? typeLabel(type) : preview;
}

/** The quoted message, when it is loaded (`replyTo` is its id). */
export function quotedMessage(message: Message, byId: ReadonlyMap<string, Message>): Message | undefined {
  return message.replyTo ? byId.get(message.replyTo) : undefined;
}

export function quotedId(message: Message): string | undefined {
  return message.replyTo ?? undefined;
}
