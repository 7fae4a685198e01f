/** Builders for `POST /{phone-number-id}/messages` bodies (WhatsApp Cloud API §2). */

/**
 * Who a send goes to: a wa_id / phone (`to`), or Meta's business-scoped user id (`recipient`) for a customer known
 * only by a WhatsApp username (Meta's "Business-scoped user IDs" page: `recipient` instead of `to`).
 */
export type Recipient = string | { userId: string };

export type OutboundPayload = Record<string, unknown> & {
  messaging_product: 'whatsapp';
  type: string;
} & ({ to: string; recipient?: never } | { recipient: string; to?: never });

export interface ReplyOptions {
  /** The wamid being quoted; becomes `context.message_id`. */
  replyTo?: string;
}

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';
export type MediaSource = { id: string } | { link: string };

function base(to: Recipient, type: string, options: ReplyOptions = {}): OutboundPayload {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    ...(typeof to === 'string' ? { to } : { recipient: to.userId }),
    type,
    ...(options.replyTo ? { context: { message_id: options.replyTo } } : {}),
  };
}

export function textMessage(
  to: Recipient,
  body: string,
  options: ReplyOptions & { previewUrl?: boolean } = {},
): OutboundPayload {
  return { ...base(to, 'text', options), text: { body, ...(options.previewUrl ? { preview_url: true } : {}) } };
}

/** Media by uploaded id or public link; captions only where WhatsApp allows them (not audio or sticker). */
export function mediaMessage(
  to: Recipient,
  kind: MediaKind,
  source: MediaSource,
  options: ReplyOptions & { caption?: string; fileName?: string } = {},
): OutboundPayload {
  const media: Record<string, unknown> = 'id' in source ? { id: source.id } : { link: source.link };
  if (options.caption && (kind === 'image' || kind === 'video' || kind === 'document')) media.caption = options.caption;
  if (options.fileName && kind === 'document') media.filename = options.fileName;
  return { ...base(to, kind, options), [kind]: media };
}

export function locationMessage(
  to: Recipient,
  location: { latitude: number; longitude: number; name?: string; address?: string },
  options: ReplyOptions = {},
): OutboundPayload {
  return { ...base(to, 'location', options), location: { ...location } };
}

export function templateMessage(
  to: Recipient,
  name: string,
  languageCode: string,
  components?: unknown[],
): OutboundPayload {
  return {
    ...base(to, 'template'),
    template: {
      name,
      language: { code: languageCode },
      ...(components && components.length > 0 ? { components } : {}),
    },
  };
}

export interface FlowMessageOptions extends ReplyOptions {
  flowId: string;
  /** Button text (≤ 30 characters, no emoji). */
  flowCta: string;
  /** Our correlation id; comes back inside nfm_reply.response_json. */
  flowToken: string;
  body: string;
  header?: string;
  footer?: string;
  mode?: 'published' | 'draft';
  /** navigate: first screen and its data. */
  screen?: string;
  data?: Record<string, unknown>;
}

export function flowMessage(to: Recipient, options: FlowMessageOptions): OutboundPayload {
  const parameters: Record<string, unknown> = {
    flow_message_version: '3',
    flow_id: options.flowId,
    flow_cta: options.flowCta,
    flow_token: options.flowToken,
    mode: options.mode ?? 'published',
    flow_action: 'navigate',
  };
  if (options.screen)
    parameters.flow_action_payload = {
      screen: options.screen,
      ...(options.data && Object.keys(options.data).length > 0 ? { data: options.data } : {}),
    };
  return {
    ...base(to, 'interactive', options),
    interactive: {
      type: 'flow',
      ...(options.header ? { header: { type: 'text', text: options.header } } : {}),
      body: { text: options.body },
      ...(options.footer ? { footer: { text: options.footer } } : {}),
      action: { name: 'flow', parameters },
    },
  };
}

export function reactionMessage(to: Recipient, messageId: string, emoji: string): OutboundPayload {
  return { ...base(to, 'reaction'), reaction: { message_id: messageId, emoji } };
}

/** Read receipt (optionally with the typing indicator) — answered with `{ success: true }`. */
export function readReceipt(messageId: string, options: { typing?: boolean } = {}): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    status: 'read',
    message_id: messageId,
    ...(options.typing ? { typing_indicator: { type: 'text' } } : {}),
  };
}
