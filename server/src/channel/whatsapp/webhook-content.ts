/**
 * The content of one message object of Meta's webhooks, by type (WhatsApp Cloud API webhooks, "messages"
 * reference pages), plus the click-to-WhatsApp `referral` any message may carry. Unknown or malformed
 * content becomes 'unsupported'.
 */
import { z } from 'zod';
import type {
  GraphErrorInfo,
  InboundMessageType,
  InteractiveReply,
  MessageContent,
  ReferralInfo,
} from './webhook-payload';

export const idString = z.union([z.string(), z.number()]).transform(String);
export const errorSchema = z.object({
  code: z.coerce.number(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});

export function toError(error: z.infer<typeof errorSchema>): GraphErrorInfo {
  return {
    code: error.code,
    title: error.title ?? error.message ?? `Error ${error.code}`,
    ...(error.message ? { message: error.message } : {}),
    ...(error.error_data?.details ? { details: error.error_data.details } : {}),
  };
}

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

// "Order messages webhook reference": product_items with quantity, item_price (numbers in Meta's examples).
const orderSchema = z.object({
  catalog_id: idString,
  text: z.string().optional(),
  product_items: z
    .array(
      z.object({
        product_retailer_id: idString,
        quantity: z.coerce.number(),
        item_price: z.coerce.number(),
        currency: z.string(),
      }),
    )
    .default([]),
});

// "System messages webhook reference": body, the new wa_id and the change's type; the BSUID variant
// (user_changed_user_id) carries user_id / previous_user_id instead.
const systemSchema = z.object({
  body: z.string().default(''),
  type: z.string().default('user_changed_number'),
  wa_id: idString.optional(),
  new_wa_id: idString.optional(),
  user_id: z.string().optional(),
});

const optionalText = z.string().optional();
const referralSchema = z.object({
  headline: optionalText,
  body: optionalText,
  source_url: optionalText,
  source_type: optionalText,
  source_id: idString.optional(),
  media_type: optionalText,
  image_url: optionalText,
  video_url: optionalText,
  thumbnail_url: optionalText,
});

/** The ad a customer came from (click-to-WhatsApp), when the message carries one. */
export function readReferral(value: unknown): ReferralInfo | undefined {
  // Absent from nearly every message: zod would build a failure (issues, a message) only to be dropped.
  if (value === undefined) return undefined;
  const parsed = referralSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const r = parsed.data;
  const referral: ReferralInfo = {
    ...(r.headline ? { headline: r.headline } : {}),
    ...(r.body ? { body: r.body } : {}),
    ...(r.source_url ? { sourceUrl: r.source_url } : {}),
    ...(r.source_type ? { sourceType: r.source_type } : {}),
    ...(r.source_id ? { sourceId: r.source_id } : {}),
    ...(r.media_type ? { mediaType: r.media_type } : {}),
    ...(r.image_url ? { imageUrl: r.image_url } : {}),
    ...(r.video_url ? { videoUrl: r.video_url } : {}),
    ...(r.thumbnail_url ? { thumbnailUrl: r.thumbnail_url } : {}),
  };
  return Object.keys(referral).length > 0 ? referral : undefined;
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

// Built once: a zod schema compiles its parser on first use, so one made per message costs that every time.
const errorsSchema = z.array(errorSchema);
const declaredTypeSchema = z.object({ type: z.string() });
const textSchema = z.object({ body: z.string() });
const locationSchema = z.object({
  latitude: z.coerce.number(),
  longitude: z.coerce.number(),
  name: z.string().optional(),
  address: z.string().optional(),
  url: z.string().optional(),
});
const buttonSchema = z.object({ payload: z.string().optional(), text: z.string() });
const reactionSchema = z.object({ message_id: z.string(), emoji: z.string().optional() });
const interactiveBaseSchema = z.object({ type: z.string() }).passthrough();
const tappedReplySchema = z.object({ id: z.string(), title: z.string(), description: z.string().optional() });
const formReplySchema = z.object({
  response_json: z.string(),
  body: z.string().optional(),
  name: z.string().optional(),
});

function unsupported(
  originalType: string,
  raw: Record<string, unknown>,
): { type: InboundMessageType; content: MessageContent } {
  const errors = errorsSchema.safeParse(raw.errors);
  const declared = declaredTypeSchema.safeParse(raw.unsupported);
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

export function readContent(
  type: string,
  raw: Record<string, unknown>,
): { type: InboundMessageType; content: MessageContent } {
  if (type === 'text') {
    const text = textSchema.safeParse(raw.text);
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
    const location = locationSchema.safeParse(raw.location);
    if (location.success) return { type, content: { location: location.data } };
  } else if (type === 'contacts') {
    if (Array.isArray(raw.contacts)) return { type, content: { contacts: raw.contacts } };
  } else if (type === 'interactive') {
    const interactive = readInteractive(raw.interactive);
    if (interactive) return { type, content: { interactive } };
  } else if (type === 'button') {
    const button = buttonSchema.safeParse(raw.button);
    if (button.success)
      return {
        type,
        content: { button: { payload: button.data.payload ?? button.data.text, text: button.data.text } },
      };
  } else if (type === 'order') {
    const order = orderSchema.safeParse(raw.order);
    if (order.success)
      return {
        type,
        content: {
          order: {
            catalogId: order.data.catalog_id,
            ...(order.data.text ? { text: order.data.text } : {}),
            items: order.data.product_items.map((item) => ({
              productRetailerId: item.product_retailer_id,
              quantity: item.quantity,
              itemPrice: item.item_price,
              currency: item.currency,
            })),
          },
        },
      };
  } else if (type === 'system') {
    const system = systemSchema.safeParse(raw.system);
    if (system.success) {
      const newWaId = system.data.wa_id ?? system.data.new_wa_id;
      return {
        type,
        content: {
          system: {
            type: system.data.type,
            body: system.data.body,
            ...(newWaId ? { newWaId } : {}),
            ...(system.data.user_id ? { newUserId: system.data.user_id } : {}),
          },
        },
      };
    }
  } else if (type === 'request_welcome') {
    return { type, content: {} };
  } else if (type === 'reaction') {
    const reaction = reactionSchema.safeParse(raw.reaction);
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
  const base = interactiveBaseSchema.safeParse(value);
  if (!base.success) return undefined;
  const kind = base.data.type;
  if (kind === 'button_reply' || kind === 'list_reply') {
    const reply = tappedReplySchema.safeParse(base.data[kind]);
    if (!reply.success) return undefined;
    return {
      type: kind,
      id: reply.data.id,
      title: reply.data.title,
      ...(reply.data.description ? { description: reply.data.description } : {}),
    };
  }
  if (kind === 'nfm_reply') {
    const reply = formReplySchema.safeParse(base.data.nfm_reply);
    if (!reply.success) return undefined;
    const { answers, flowToken } = parseFlowResponse(reply.data.response_json);
    return { type: 'nfm_reply', answers, ...(flowToken !== undefined ? { flowToken } : {}) };
  }
  return undefined;
}
