/**
 * The API shapes of conversations and messages (docs/api.md, shared/src/contract/entities.ts).
 *
 * Message content by type (what clients read):
 *   text         { text }
 *   image|video|audio|document|sticker  { caption?, mimeType, fileName?, size?, url? (signed link once the file
 *                is stored), voice?, animated?, mediaUnavailable? (WhatsApp would not give us the file) }
 *   location     { location: { latitude, longitude, name?, address?, url? } }
 *   contacts     { contacts: [Meta's contact cards] }
 *   interactive  incoming: { interactive: { type: 'button_reply'|'list_reply', button_reply|list_reply: {id,title} },
 *                text: title } or { interactive: { type: 'nfm_reply', answers: {field: value}, flowToken?, name? } }
 *                outgoing form: { interactive: { type: 'flow', name, flowId, header, body, footer, ctaText }, text: body }
 *   button       { text, button: { payload, text } }  (a tap on a template quick reply)
 *   template     { template: { name, language } }
 *   unsupported  { unsupported: { type, errors? } }
 * Plus `assetId` on an asset sent from the library and `forwarded` on forwarded incoming messages.
 */
import type { ContactRow } from '../contacts/schema';
import { toContactView, type ContactView } from '../contacts/service';
import type { MediaLinkSigner } from './media-links';
import type {
  ConversationRow,
  ConversationStatus,
  DeliveryStatus,
  MessageDirection,
  MessageRow,
  StoredContent,
} from './schema';
import { canSendFreeForm } from './window';

export interface MessageView {
  id: string;
  conversationId: string;
  type: string;
  direction: MessageDirection;
  content: Omit<StoredContent, 'sha256'> & { url?: string };
  /** The id of the quoted message (when we have it). */
  replyTo: string | null;
  /** Outgoing only. */
  status?: DeliveryStatus;
  error: { code: number | string; title: string } | null;
  reactions: Array<{ emoji: string; from: string }>;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationView {
  id: string;
  status: ConversationStatus;
  contact: ContactView;
  lastMessage: { incoming: boolean; timestamp: string } | null;
  canSendFreeForm: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationDetailView extends ConversationView {
  messages: MessageView[];
  hasMore: boolean;
}

/** Meta's numeric codes as numbers; our own reasons ('timeout', 'interrupted', …) as strings. */
const errorCodeView = (code: string | null): number | string =>
  code && /^\d+$/.test(code) ? Number(code) : (code ?? '');

export function toMessageView(row: MessageRow, links: MediaLinkSigner, now = new Date()): MessageView {
  const { sha256: _sha256, ...content } = row.content ?? {};
  return {
    id: row.id,
    conversationId: row.conversationId,
    type: row.type,
    direction: row.direction,
    content: row.storageKey ? { ...content, url: links.url(row.id, now) } : content,
    replyTo: row.replyToId,
    ...(row.status ? { status: row.status } : {}),
    error:
      row.errorCode || row.errorTitle
        ? { code: errorCodeView(row.errorCode), title: row.errorTitle ?? 'Not delivered' }
        : null,
    reactions: (row.reactions ?? [])
      .filter((reaction) => reaction.emoji)
      .map((reaction) => ({ emoji: reaction.emoji as string, from: reaction.from })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toConversationView(row: ConversationRow, contact: ContactRow, now = new Date()): ConversationView {
  return {
    id: row.id,
    status: row.status,
    contact: toContactView(contact),
    lastMessage:
      row.lastMessageAt && row.lastMessageIncoming !== null
        ? { incoming: row.lastMessageIncoming, timestamp: row.lastMessageAt.toISOString() }
        : null,
    canSendFreeForm: canSendFreeForm(row.lastIncomingAt, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
