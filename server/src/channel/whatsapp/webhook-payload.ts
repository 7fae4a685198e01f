import { z } from 'zod';

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
  unsupported?: { type?: string; errors?: GraphErrorInfo[] };
}

export interface InboundMessageEvent {
  kind: 'message';
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber?: string;
  /** The customer's wa_id (digits, no '+'). */
  from: string;
  profileName: string | null;
  wamid: string;
  timestamp: Date;
  type: InboundMessageType;
  content: MessageContent;
  replyToWamid?: string;
  forwarded?: boolean;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

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

export type WebhookEvent = InboundMessageEvent | StatusEvent | ErrorEvent;

export class WebhookPayloadError extends Error {}

// Loose schemas: unknown fields are dropped, only what we read is required.
const idString = z.union([z.string(), z.number()]).transform(String);
const errorSchema = z.object({
  code: z.coerce.number(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});
const messageSchema = z.object({ from: idString, id: z.string(), timestamp: idString, type: z.string() }).passthrough();
const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: idString,
  recipient_id: idString.optional(),
  errors: z.array(errorSchema).optional(),
});
const valueSchema = z.object({
  metadata: z.object({ phone_number_id: idString, display_phone_number: idString.optional() }),
  contacts: z
    .array(z.object({ profile: z.object({ name: z.string().optional() }).optional(), wa_id: idString }))
    .optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
  errors: z.array(z.unknown()).optional(),
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

const mediaSchema = z.object({
  id: idString,
  mime_type: z.string().optional(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
  animated: z.boolean().optional(),
  url: z.string().optional(),
});
const mediaTypes = new Set(['image', 'video', 'audio', 'document', 'sticker']);
const deliveryStatuses = new Set<string>(['sent', 'delivered', 'read', 'failed']);

function toError(error: z.infer<typeof errorSchema>): GraphErrorInfo {
  return {
    code: error.code,
    title: error.title ?? error.message ?? `Error ${error.code}`,
    ...(error.message ? { message: error.message } : {}),
    ...(error.error_data?.details ? { details: error.error_data.details } : {}),
  };
}

function toDate(unixSeconds: string): Date {
  const seconds = Number(unixSeconds);
  return Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
}

function answerString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Parses nfm_reply.response_json (a JSON string) into string answers plus the flow_token. */
export function parseFlowResponse(responseJson: string): { answers: Record<string, string>; flowToken?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(responseJson);
  } catch {
    return { answers: {} };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { answers: {} };
  const answers: Record<string, string> = {};
  let flowToken: string | undefined;
  for (const [key, value] of Object.entries(parsed)) {
    if (key === 'flow_token') flowToken = answerString(value);
    else answers[key] = answerString(value);
  }
  return { answers, ...(flowToken !== undefined ? { flowToken } : {}) };
}

function unsupported(
  originalType: string,
  raw: Record<string, unknown>,
): { type: InboundMessageType; content: MessageContent } {
  const errors = z.array(errorSchema).safeParse(raw.errors);
  const declared = z.object({ type: z.string() }).safeParse(raw.unsupported);
  return {
    type: 'unsupported',
    content: {
      unsupported: {
        type: declared.success ? declared.data.type : originalType,
        ...(errors.success && errors.data.length > 0 ? { errors: errors.data.map(toError) } : {}),
      },
    },
  };
}

function readContent(
  type: string,
  raw: Record<string, unknown>,
): { type: InboundMessageType; content: MessageContent } {
  if (type === 'text') {
    const text = z.object({ body: z.string() }).safeParse(raw.text);
    if (text.success) return { type, content: { text: text.data.body } };
  } else if (mediaTypes.has(type)) {
    const media = mediaSchema.safeParse(raw[type]);
    if (media.success) {
      const m = media.data;
      return {
        type: type as InboundMessageType,
        content: {
          mediaId: m.id,
          ...(m.mime_type ? { mimeType: m.mime_type } : {}),
          ...(m.sha256 ? { sha256: m.sha256 } : {}),
          ...(m.caption ? { caption: m.caption } : {}),
          ...(m.filename ? { fileName: m.filename } : {}),
          ...(m.url ? { mediaUrl: m.url } : {}),
          ...(type === 'audio' ? { voice: m.voice === true } : {}),
          ...(type === 'sticker' ? { animated: m.animated === true } : {}),
        },
      };
    }
  } else if (type === 'location') {
    const location = z
      .object({
        latitude: z.coerce.number(),
        longitude: z.coerce.number(),
        name: z.string().optional(),
        address: z.string().optional(),
        url: z.string().optional(),
      })
      .safeParse(raw.location);
    if (location.success) return { type, content: { location: location.data } };
  } else if (type === 'contacts') {
    if (Array.isArray(raw.contacts)) return { type, content: { contacts: raw.contacts } };
  } else if (type === 'interactive') {
    const interactive = readInteractive(raw.interactive);
    if (interactive) return { type, content: { interactive } };
  } else if (type === 'button') {
    const button = z.object({ payload: z.string().optional(), text: z.string() }).safeParse(raw.button);
    if (button.success)
      return {
        type,
        content: { button: { payload: button.data.payload ?? button.data.text, text: button.data.text } },
      };
  } else if (type === 'reaction') {
    const reaction = z.object({ message_id: z.string(), emoji: z.string().optional() }).safeParse(raw.reaction);
    if (reaction.success)
      return {
        type,
        content: {
          reaction: { messageId: reaction.data.message_id, emoji: reaction.data.emoji ? reaction.data.emoji : null },
        },
      };
  }
  return unsupported(type, raw);
}

function readInteractive(value: unknown): InteractiveReply | undefined {
  const base = z.object({ type: z.string() }).passthrough().safeParse(value);
  if (!base.success) return undefined;
  const kind = base.data.type;
  if (kind === 'button_reply' || kind === 'list_reply') {
    const reply = z
      .object({ id: z.string(), title: z.string(), description: z.string().optional() })
      .safeParse(base.data[kind]);
    if (!reply.success) return undefined;
    return {
      type: kind,
      id: reply.data.id,
      title: reply.data.title,
      ...(reply.data.description ? { description: reply.data.description } : {}),
    };
  }
  if (kind === 'nfm_reply') {
    const reply = z
      .object({ response_json: z.string(), body: z.string().optional(), name: z.string().optional() })
      .safeParse(base.data.nfm_reply);
    if (!reply.success) return undefined;
    const { answers, flowToken } = parseFlowResponse(reply.data.response_json);
    return { type: 'nfm_reply', answers, ...(flowToken !== undefined ? { flowToken } : {}) };
  }
  return undefined;
}

/**
 * Turns one webhook POST body into a flat list of events, in payload order: every entry, change, message, status
 * and value-level error. Throws WebhookPayloadError when the body is not a WhatsApp envelope at all; single
 * malformed items are skipped, unknown message types become 'unsupported', unknown statuses are skipped.
 */
export function parseWebhookPayload(body: unknown): WebhookEvent[] {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) throw new WebhookPayloadError('Not a WhatsApp webhook envelope');
  if (envelope.data.object !== undefined && envelope.data.object !== 'whatsapp_business_account')
    throw new WebhookPayloadError(`Unexpected object '${envelope.data.object}'`);
  const events: WebhookEvent[] = [];
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== undefined && change.field !== 'messages') continue;
      const value = valueSchema.safeParse(change.value);
      if (!value.success) continue;
      const { metadata, contacts = [], messages = [], statuses = [], errors = [] } = value.data;
      const base = { phoneNumberId: metadata.phone_number_id, wabaId: entry.id };
      for (const rawMessage of messages) {
        const message = messageSchema.safeParse(rawMessage);
        if (!message.success) continue;
        const raw = message.data as Record<string, unknown>;
        const contact =
          contacts.find((candidate) => candidate.wa_id === message.data.from) ??
          (contacts.length === 1 ? contacts[0] : undefined);
        const { type, content } = readContent(message.data.type, raw);
        const context = z
          .object({ id: z.string().optional(), forwarded: z.boolean().optional() })
          .safeParse(raw.context);
        events.push({
          kind: 'message',
          ...base,
          ...(metadata.display_phone_number ? { displayPhoneNumber: metadata.display_phone_number } : {}),
          from: message.data.from,
          profileName: contact?.profile?.name ?? null,
          wamid: message.data.id,
          timestamp: toDate(message.data.timestamp),
          type,
          content,
          ...(context.success && context.data.id ? { replyToWamid: context.data.id } : {}),
          ...(context.success && context.data.forwarded ? { forwarded: true } : {}),
        });
      }
      for (const rawStatus of statuses) {
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
      for (const rawError of errors) {
        const error = errorSchema.safeParse(rawError);
        if (error.success) events.push({ kind: 'error', ...base, error: toError(error.data) });
      }
    }
  }
  return events;
}
