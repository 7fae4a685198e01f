import { z } from 'zod';
import { errorSchema, idString, readContent, readReferral, toError } from './webhook-content';

/** Normalised events out of Meta's webhook envelope (WhatsApp Cloud API facts, §1 Webhooks). */

export type InboundMessageType =
  | 'text'
  | 'image'
  | 'video'
  | 'audio'
  | 'document'
  | 'sticker'
  | 'location'
  | 'contacts'
  | 'interactive'
  | 'button'
  | 'reaction'
  | 'order'
  | 'system'
  | 'request_welcome'
  | 'unsupported';

export interface GraphErrorInfo {
  code: number;
  title: string;
  message?: string;
  details?: string;
}

export interface InteractiveReply {
  type: 'button_reply' | 'list_reply' | 'nfm_reply';
  id?: string;
  title?: string;
  description?: string;
  /** nfm_reply: the form's answers as strings, flow_token removed. */
  answers?: Record<string, string>;
  /** nfm_reply: the flow_token we sent with the form (correlation; Meta sends no flow id). */
  flowToken?: string;
}

export interface LocationContent {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
  url?: string;
}

export interface OrderContent {
  catalogId: string;
  text?: string;
  items: Array<{ productRetailerId: string; quantity: number; itemPrice: number; currency: string }>;
}

/** A change WhatsApp reports about the customer (e.g. 'user_changed_number'), with its new ids. */
export interface SystemContent {
  type: string;
  body: string;
  newWaId?: string;
  newUserId?: string;
}

/** The click-to-WhatsApp ad (or post) a message came from. */
export interface ReferralInfo {
  headline?: string;
  body?: string;
  sourceUrl?: string;
  sourceType?: string;
  sourceId?: string;
  mediaType?: string;
  imageUrl?: string;
  videoUrl?: string;
  thumbnailUrl?: string;
}

export interface MessageContent {
  text?: string;
  caption?: string;
  mediaId?: string;
  mimeType?: string;
  fileName?: string;
  sha256?: string;
  /** Present from Nov 2025 on some webhooks; still resolve mediaId through the Graph API. */
  mediaUrl?: string;
  voice?: boolean;
  animated?: boolean;
  location?: LocationContent;
  contacts?: unknown[];
  interactive?: InteractiveReply;
  /** null = the customer removed their reaction (Meta omits emoji). */
  reaction?: { messageId: string; emoji: string | null };
  button?: { payload: string; text: string };
  order?: OrderContent;
  system?: SystemContent;
  unsupported?: { type?: string; errors?: GraphErrorInfo[] };
}

/** Who the customer is: a wa_id (digits, no '+'), a business-scoped user id, or both. */
export interface CustomerIds {
  waId: string | null;
  userId: string | null;
  username: string | null;
  profileName: string | null;
}

export interface InboundMessageEvent {
  kind: 'message';
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber?: string;
  /** The customer's wa_id (digits, no '+'); null for a username user (Meta omits `from`, see `customer`). */
  from: string | null;
  profileName: string | null;
  customer: CustomerIds;
  wamid: string;
  timestamp: Date;
  type: InboundMessageType;
  content: MessageContent;
  referral?: ReferralInfo;
  replyToWamid?: string;
  forwarded?: boolean;
  /** From a coexistence `history` batch: a past message, not a new one. */
  history?: boolean;
}

/**
 * A message the business sent outside our API: from the WhatsApp Business app (`smb_message_echoes`) or a
 * past one from a coexistence `history` batch.
 */
export interface BusinessMessageEvent {
  kind: 'business-message';
  source: 'echo' | 'history';
  phoneNumberId: string;
  wabaId: string;
  customer: CustomerIds;
  wamid: string;
  timestamp: Date;
  type: InboundMessageType;
  content: MessageContent;
  /** history_context.status of a history message, lowercased (e.g. 'read', 'delivered'). */
  status?: string;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'played' | 'failed';

export interface StatusEvent {
  kind: 'status';
  phoneNumberId: string;
  wabaId: string;
  wamid: string;
  status: DeliveryStatus;
  timestamp: Date;
  recipientId: string;
  error?: GraphErrorInfo;
}

export interface ErrorEvent {
  kind: 'error';
  phoneNumberId: string;
  wabaId: string;
  error: GraphErrorInfo;
}

export type WebhookEvent = InboundMessageEvent | BusinessMessageEvent | StatusEvent | ErrorEvent;

export class WebhookPayloadError extends Error {}

export { parseFlowResponse } from './webhook-content';

// Loose schemas: unknown fields are dropped, only what we read is required.
// A username user's message has no `from`, only `from_user_id` (Meta's "Business-scoped user IDs" page).
const messageSchema = z
  .object({
    from: idString.optional(),
    from_user_id: z.string().optional(),
    id: z.string(),
    timestamp: idString,
    type: z.string(),
  })
  .passthrough()
  .refine((message) => message.from || message.from_user_id);
const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: idString,
  recipient_id: idString.optional(),
  errors: z.array(errorSchema).optional(),
});
const contactSchema = z.object({
  profile: z.object({ name: z.string().optional(), username: z.string().optional() }).optional(),
  wa_id: idString.optional(),
  user_id: z.string().optional(),
});
const valueSchema = z.object({
  metadata: z.object({ phone_number_id: idString, display_phone_number: idString.optional() }),
  contacts: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
  errors: z.array(z.unknown()).optional(),
  message_echoes: z.array(z.unknown()).optional(),
  history: z.array(z.unknown()).optional(),
});
const envelopeSchema = z.object({
  object: z.string().optional(),
  entry: z.array(
    z.object({
      id: idString,
      changes: z.array(z.object({ field: z.string().optional(), value: z.unknown() })).default([]),
    }),
  ),
});
// "smb_message_echoes webhook reference": from = the business number, to = the customer (or to_user_id).
const echoSchema = z
  .object({
    to: idString.optional(),
    to_user_id: z.string().optional(),
    id: z.string(),
    timestamp: idString,
    type: z.string(),
  })
  .passthrough();
// "history webhook reference": history[].threads[] (id = the customer's number) of messages, each with
// history_context.status; `from` is the business number for what the business sent.
const historyChunkSchema = z.object({
  threads: z
    .array(
      z.object({
        id: idString.optional(),
        user_id: z.string().optional(),
        messages: z.array(z.unknown()).default([]),
      }),
    )
    .default([]),
});
const historyMessageSchema = z
  .object({
    from: idString.optional(),
    id: z.string(),
    timestamp: idString,
    type: z.string(),
    history_context: z.object({ status: z.string().optional() }).optional(),
  })
  .passthrough();

const deliveryStatuses = new Set<string>(['sent', 'delivered', 'read', 'played', 'failed']);
const wanted = new Set(['messages', 'smb_message_echoes', 'history']);

function toDate(unixSeconds: string): Date {
  const seconds = Number(unixSeconds);
  return Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
}

const digits = (value: string | undefined) => (value ? value.replace(/\D/g, '') : '');
const sameNumber = (a: string | undefined, b: string | undefined) => Boolean(a) && digits(a) === digits(b);

const contextSchema = z.object({ id: z.string().optional(), forwarded: z.boolean().optional() });

function contextOf(raw: Record<string, unknown>) {
  if (raw.context === undefined) return {}; // as readReferral: the usual message is no reply, no forward
  const context = contextSchema.safeParse(raw.context);
  return {
    ...(context.success && context.data.id ? { replyToWamid: context.data.id } : {}),
    ...(context.success && context.data.forwarded ? { forwarded: true } : {}),
  };
}

/**
 * Turns one webhook POST body into a flat list of events, in payload order: every entry, change, message, status,
 * echo, history message and value-level error. Throws WebhookPayloadError when the body is not a WhatsApp
 * envelope at all; single malformed items are skipped, unknown message types become 'unsupported', unknown
 * statuses are skipped, other fields (account_update, …) are ignored.
 */
export function parseWebhookPayload(body: unknown): WebhookEvent[] {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) throw new WebhookPayloadError('Not a WhatsApp webhook envelope');
  if (envelope.data.object !== undefined && envelope.data.object !== 'whatsapp_business_account')
    throw new WebhookPayloadError(`Unexpected object '${envelope.data.object}'`);
  const events: WebhookEvent[] = [];
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== undefined && !wanted.has(change.field)) continue;
      const value = valueSchema.safeParse(change.value);
      if (!value.success) continue;
      const { metadata } = value.data;
      const base = { phoneNumberId: metadata.phone_number_id, wabaId: entry.id };
      const contacts = (value.data.contacts ?? []).flatMap((raw) => {
        const parsed = contactSchema.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      });
      for (const rawMessage of value.data.messages ?? []) {
        const message = messageSchema.safeParse(rawMessage);
        if (!message.success) continue;
        const raw = message.data as Record<string, unknown>;
        const { from, from_user_id: fromUserId } = message.data;
        const contact =
          contacts.find((candidate) => from && candidate.wa_id === from) ??
          contacts.find((candidate) => fromUserId && candidate.user_id === fromUserId) ??
          (contacts.length === 1 ? contacts[0] : undefined);
        const { type, content } = readContent(message.data.type, raw);
        const referral = readReferral(raw.referral);
        const profileName = contact?.profile?.name ?? null;
        events.push({
          kind: 'message',
          ...base,
          ...(metadata.display_phone_number ? { displayPhoneNumber: metadata.display_phone_number } : {}),
          from: from ?? contact?.wa_id ?? null,
          profileName,
          customer: {
            waId: from ?? contact?.wa_id ?? null,
            userId: fromUserId ?? contact?.user_id ?? null,
            username: contact?.profile?.username ?? null,
            profileName,
          },
          wamid: message.data.id,
          timestamp: toDate(message.data.timestamp),
          type,
          content,
          ...(referral ? { referral } : {}),
          ...contextOf(raw),
        });
      }
      for (const rawEcho of value.data.message_echoes ?? []) {
        const echo = echoSchema.safeParse(rawEcho);
        if (!echo.success || !(echo.data.to || echo.data.to_user_id)) continue;
        const contact = contacts.find((candidate) => candidate.wa_id === echo.data.to);
        const { type, content } = readContent(echo.data.type, echo.data as Record<string, unknown>);
        events.push({
          kind: 'business-message',
          source: 'echo',
          ...base,
          customer: {
            waId: echo.data.to ?? null,
            userId: echo.data.to_user_id ?? null,
            username: contact?.profile?.username ?? null,
            profileName: contact?.profile?.name ?? null,
          },
          wamid: echo.data.id,
          timestamp: toDate(echo.data.timestamp),
          type,
          content,
        });
      }
      for (const rawChunk of value.data.history ?? []) {
        const chunk = historyChunkSchema.safeParse(rawChunk);
        if (!chunk.success) continue;
        for (const thread of chunk.data.threads) {
          const customer = {
            waId: thread.id ?? null,
            userId: thread.user_id ?? null,
            username: null,
            profileName: null,
          };
          for (const rawMessage of thread.messages) {
            const message = historyMessageSchema.safeParse(rawMessage);
            if (!message.success) continue;
            const raw = message.data as Record<string, unknown>;
            const { type, content } = readContent(message.data.type, raw);
            const fromBusiness =
              sameNumber(message.data.from, metadata.display_phone_number) ||
              (Boolean(message.data.from) && thread.id !== undefined && !sameNumber(message.data.from, thread.id));
            const common = {
              ...base,
              customer,
              wamid: message.data.id,
              timestamp: toDate(message.data.timestamp),
              type,
              content,
            };
            if (fromBusiness) {
              const status = message.data.history_context?.status?.toLowerCase();
              events.push({ kind: 'business-message', source: 'history', ...common, ...(status ? { status } : {}) });
            } else {
              events.push({
                kind: 'message',
                ...common,
                from: customer.waId,
                profileName: null,
                history: true,
                ...contextOf(raw),
              });
            }
          }
        }
      }
      for (const rawStatus of value.data.statuses ?? []) {
        const status = statusSchema.safeParse(rawStatus);
        if (!status.success || !deliveryStatuses.has(status.data.status)) continue;
        const error = status.data.errors?.[0];
        events.push({
          kind: 'status',
          ...base,
          wamid: status.data.id,
          status: status.data.status as DeliveryStatus,
          timestamp: toDate(status.data.timestamp),
          recipientId: status.data.recipient_id ?? '',
          ...(error ? { error: toError(error) } : {}),
        });
      }
      for (const rawError of value.data.errors ?? []) {
        const error = errorSchema.safeParse(rawError);
        if (error.success) events.push({ kind: 'error', ...base, error: toError(error.data) });
      }
    }
  }
  return events;
}
