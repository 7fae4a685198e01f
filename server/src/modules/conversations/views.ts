/**
 * The API shapes of conversations and messages (docs/api.md; the contract's message and conversation schemas).
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
 *   order        { order: { catalogId, text?, items: [{ productRetailerId, quantity, itemPrice, currency }] } }
 *   system       { system: { type (e.g. 'user_changed_number'), body, newWaId? } }
 *   request_welcome  {}  (the customer opened the chat for the first time)
 *   unsupported  { unsupported: { type, errors? } }
 * Plus `assetId` on an asset sent from the library, `forwarded` on forwarded incoming messages and `referral`
 * (the click-to-WhatsApp ad) on any incoming message.
 */
import { canSendFreeForm, type Assignee, type Label } from '@parley/contract';
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

export interface MessageView {
  id: string;
  conversationId: string;
  type: string;
  direction: MessageDirection;
  content: Omit<StoredContent, 'sha256'> & { url?: string };
  /** The id of the quoted message (when we have it). */
  replyTo: string | null;
  /** The quoted message itself, so a quote of a message that is not loaded still shows its text. */
  replyToMessage: QuotedMessageView | null;
  /** Outgoing only. */
  status?: DeliveryStatus;
  error: { code: number | string; title: string; details?: string } | null;
  reactions: Array<{ emoji: string; from: string }>;
  /** WhatsApp's time of the message (never in the future); our send time for our own sends. */
  timestamp: string;
  /** Outgoing messages the business sent from the WhatsApp Business app (echoes, history). */
  sentFrom?: 'phone_app';
  createdAt: string;
  updatedAt: string;
}

/** A quoted message in short: its text (or caption, or a button's title) cut to QUOTE_EXCERPT characters. */
export interface QuotedMessageView {
  id: string;
  type: string;
  direction: MessageDirection;
  text?: string;
}

export const QUOTE_EXCERPT = 100;

export function toQuotedMessageView(row: Pick<MessageRow, 'id' | 'type' | 'direction' | 'content'>): QuotedMessageView {
  const text = row.content?.text ?? row.content?.caption;
  return {
    id: row.id,
    type: row.type,
    direction: row.direction,
    ...(text ? { text: Array.from(text).slice(0, QUOTE_EXCERPT).join('') } : {}),
  };
}

export interface ConversationView {
  id: string;
  status: ConversationStatus;
  contact: ContactView;
  /** `preview` and `type` only in the list's answer (queries.ts reads them with the page). */
  lastMessage: { incoming: boolean; timestamp: string; preview?: string; type?: string } | null;
  canSendFreeForm: boolean;
  /** When the customer wrote into the conversation while it was archived (a badge); null after a status change. */
  archivedReplyAt: string | null;
  /** The labels staff put on it, by name (labels/of-conversation.ts reads them with the row). */
  labels: Label[];
  /** The staff member it is assigned to, or null (assignment/of-conversation.ts reads it with the row). */
  assignee: Assignee | null;
  /** The caller's unread incoming messages (absent on the account-wide `message` event). */
  unreadCount?: number;
  /** List answers to `q` only: the newest message whose text or caption contains it, as a snippet. */
  match?: { messageId: string; text: string };
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

export function toMessageView(
  row: MessageRow,
  links: MediaLinkSigner,
  now = new Date(),
  quoted: QuotedMessageView | null = null,
): MessageView {
  const { sha256: _sha256, ...content } = row.content ?? {};
  return {
    id: row.id,
    conversationId: row.conversationId,
    type: row.type,
    direction: row.direction,
    content: row.storageKey ? { ...content, url: links.url(row.id, now) } : content,
    replyTo: row.replyToId,
    replyToMessage: row.replyToId && quoted?.id === row.replyToId ? quoted : null,
    ...(row.status ? { status: row.status } : {}),
    error:
      row.errorCode || row.errorTitle
        ? {
            code: errorCodeView(row.errorCode),
            title: row.errorTitle ?? 'Not delivered',
            ...(row.errorDetails ? { details: row.errorDetails } : {}),
          }
        : null,
    reactions: (row.reactions ?? [])
      .filter((reaction) => reaction.emoji)
      .map((reaction) => ({ emoji: reaction.emoji as string, from: reaction.from })),
    timestamp: (row.sentAt ?? row.createdAt).toISOString(),
    ...(row.sentFrom ? { sentFrom: row.sentFrom } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toConversationView(
  row: ConversationRow,
  contact: ContactRow,
  labels: Label[],
  assignee: Assignee | null,
  now = new Date(),
  unreadCount?: number,
  last?: { preview: string; type: string },
): ConversationView {
  return {
    id: row.id,
    status: row.status,
    contact: toContactView(contact),
    lastMessage:
      row.lastMessageAt && row.lastMessageIncoming !== null
        ? {
            incoming: row.lastMessageIncoming,
            timestamp: row.lastMessageAt.toISOString(),
            ...last,
          }
        : null,
    canSendFreeForm: canSendFreeForm(row.lastIncomingAt, now),
    archivedReplyAt: row.archivedReplyAt?.toISOString() ?? null,
    labels,
    assignee,
    ...(unreadCount === undefined ? {} : { unreadCount }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
