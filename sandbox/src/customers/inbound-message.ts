import type { SandboxContext } from '../context';
import { digitsOnly, newWamid, unixSeconds } from '../ids';
import { storeMedia } from '../media-store';
import type { ConversationMessage, PhoneNumber } from '../state';
import { sampleMedia } from './sample-media';

type Json = Record<string, unknown>;

/** Body of `POST /_sandbox/inbound` (see README): what a customer sends to a business. */
export interface InboundRequest {
  from: string;
  name?: string;
  phoneNumberId?: string;
  type: string;
  context?: { id: string };
  replyTo?: string;
  forwarded?: boolean;
  timestamp?: number;
  text?: string;
  caption?: string;
  media?: { base64?: string; mimeType?: string; fileName?: string };
  voice?: boolean;
  animated?: boolean;
  location?: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
  contacts?: unknown[];
  interactive?: {
    type: string;
    id?: string;
    title?: string;
    description?: string;
    response?: Json;
    flowToken?: string;
  };
  button?: { payload: string; text: string };
  reaction?: { messageId: string; emoji?: string };
  unsupportedType?: string;
}

export class InboundError extends Error {}

const mediaKinds = new Set(['image', 'video', 'audio', 'voice', 'document', 'sticker']);
const interactiveShorthands = new Set(['button_reply', 'list_reply', 'nfm_reply']);

/** Builds Meta's inbound message object, stores it, and posts the webhook. */
export function receiveInbound(
  ctx: SandboxContext,
  request: InboundRequest,
  defaultPhoneNumberId: string,
): ConversationMessage {
  const { state } = ctx;
  const phone = state.phoneNumbers.get(request.phoneNumberId ?? defaultPhoneNumberId);
  if (!phone) throw new InboundError(`Unknown business phone number id '${request.phoneNumberId}'.`);
  const waId = digitsOnly(String(request.from ?? ''));
  if (waId.length < 7 || waId.length > 15)
    throw new InboundError('from must be a phone number with country code, e.g. +15550001.');
  if (typeof request.type !== 'string') throw new InboundError('type is required.');
  const customer = state.upsertCustomer(waId, request.name);
  const wamid = newWamid(waId);
  const sentAt = request.timestamp ? request.timestamp * 1000 : Date.now();
  const { type, content } = buildContent(ctx, phone, waId, request);
  const context = buildContext(ctx, phone, waId, request, type, content);

  const message: Json = {
    ...(context ? { context } : {}),
    from: waId,
    id: wamid,
    timestamp: unixSeconds(new Date(sentAt)),
    type,
    ...content,
  };
  const record: ConversationMessage = {
    wamid,
    direction: 'inbound',
    phoneNumberId: phone.id,
    customerWaId: waId,
    type,
    payload: message,
    createdAt: Date.now(),
    statuses: [],
  };
  state.messages.push(record);
  state.counters.inboundMessages += 1;
  customer.lastInboundAt = Math.max(customer.lastInboundAt ?? 0, sentAt);
  ctx.dispatcher.emit([
    {
      kind: 'message',
      wabaId: phone.wabaId,
      phoneNumberId: phone.id,
      displayPhoneNumber: phone.displayPhoneNumber,
      contact: { profile: { name: customer.name }, wa_id: waId },
      message,
    },
  ]);
  return record;
}

function buildContent(
  ctx: SandboxContext,
  phone: PhoneNumber,
  waId: string,
  request: InboundRequest,
): { type: string; content: Json } {
  const kind = request.type;
  if (kind === 'text') {
    if (!request.text) throw new InboundError('text is required for a text message.');
    return { type: 'text', content: { text: { body: request.text } } };
  }
  if (mediaKinds.has(kind)) return buildMedia(ctx, phone, request);
  if (kind === 'location') {
    const location = request.location;
    if (!location || typeof location.latitude !== 'number' || typeof location.longitude !== 'number')
      throw new InboundError('location {latitude, longitude} is required.');
    return { type: 'location', content: { location } };
  }
  if (kind === 'contacts') {
    if (!Array.isArray(request.contacts) || request.contacts.length === 0)
      throw new InboundError('contacts must be a non-empty array (Meta shape).');
    return { type: 'contacts', content: { contacts: request.contacts } };
  }
  if (kind === 'interactive' || interactiveShorthands.has(kind)) return buildInteractive(ctx, phone, waId, request);
  if (kind === 'button') {
    if (!request.button?.text) throw new InboundError('button {payload, text} is required.');
    return {
      type: 'button',
      content: { button: { payload: request.button.payload ?? request.button.text, text: request.button.text } },
    };
  }
  if (kind === 'reaction') {
    if (!request.reaction?.messageId) throw new InboundError('reaction {messageId, emoji?} is required.');
    const reaction: Json = { message_id: request.reaction.messageId };
    // Removal is the same message with emoji omitted (not an empty string).
    if (request.reaction.emoji) reaction.emoji = request.reaction.emoji;
    return { type: 'reaction', content: { reaction } };
  }
  if (kind === 'unsupported') {
    return {
      type: 'unsupported',
      content: {
        errors: [
          {
            code: 131051,
            title: 'Message type unknown',
            message: 'Message type unknown',
            error_data: { details: 'Message type is currently not supported.' },
          },
        ],
        unsupported: { type: request.unsupportedType ?? 'poll_update' },
      },
    };
  }
  throw new InboundError(`Unknown type '${kind}'.`);
}

function buildMedia(ctx: SandboxContext, phone: PhoneNumber, request: InboundRequest): { type: string; content: Json } {
  const kind = request.type as 'image' | 'video' | 'audio' | 'voice' | 'document' | 'sticker';
  const sample = sampleMedia(kind);
  const bytes = request.media?.base64 ? Buffer.from(request.media.base64, 'base64') : sample.bytes;
  const mimeType = request.media?.mimeType ?? sample.mimeType;
  const fileName = request.media?.fileName ?? sample.fileName;
  const stored = storeMedia(ctx.state, phone.id, bytes, mimeType, fileName);
  const media: Json = { mime_type: mimeType, sha256: stored.sha256, id: stored.id };
  if ((kind === 'image' || kind === 'video' || kind === 'document') && request.caption) media.caption = request.caption;
  if (kind === 'document') media.filename = fileName ?? 'document';
  if (kind === 'audio' || kind === 'voice') media.voice = kind === 'voice' || request.voice === true;
  if (kind === 'sticker') media.animated = request.animated === true;
  const type = kind === 'voice' ? 'audio' : kind;
  return { type, content: { [type]: media } };
}

function buildInteractive(
  ctx: SandboxContext,
  phone: PhoneNumber,
  waId: string,
  request: InboundRequest,
): { type: string; content: Json } {
  const interactive = request.interactive ?? { type: request.type };
  const kind = interactiveShorthands.has(request.type) ? request.type : interactive.type;
  if (kind === 'button_reply' || kind === 'list_reply') {
    if (!interactive.id || !interactive.title) throw new InboundError(`${kind} needs interactive {id, title}.`);
    const reply: Json = { id: interactive.id, title: interactive.title };
    if (kind === 'list_reply' && interactive.description) reply.description = interactive.description;
    return { type: 'interactive', content: { interactive: { type: kind, [kind]: reply } } };
  }
  if (kind === 'nfm_reply') {
    const quoted = quotedMessage(ctx, phone, waId, request, 'flow');
    const sentParameters = (
      quoted?.payload.interactive as { action?: { parameters?: { flow_token?: string } } } | undefined
    )?.action?.parameters;
    const flowToken = interactive.flowToken ?? sentParameters?.flow_token ?? 'unused';
    const answers = { flow_token: flowToken, ...(interactive.response ?? {}) };
    // Meta's response_json is a JSON string written with ", " and ": " separators.
    const responseJson = `{${Object.entries(answers)
      .map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join(', ')}}`;
    return {
      type: 'interactive',
      content: {
        interactive: { type: 'nfm_reply', nfm_reply: { response_json: responseJson, body: 'Sent', name: 'flow' } },
      },
    };
  }
  throw new InboundError(`Unknown interactive type '${kind}'.`);
}

/** The business message being answered: the explicit context, else the latest matching one to this customer. */
function quotedMessage(
  ctx: SandboxContext,
  phone: PhoneNumber,
  waId: string,
  request: InboundRequest,
  interactiveType?: string,
): ConversationMessage | undefined {
  const explicit = request.context?.id ?? request.replyTo;
  if (explicit) return ctx.state.findMessage(explicit);
  if (!interactiveType) return undefined;
  return [...ctx.state.messages]
    .reverse()
    .find(
      (message) =>
        message.direction === 'outbound' &&
        message.phoneNumberId === phone.id &&
        message.customerWaId === waId &&
        (interactiveType === 'template'
          ? message.type === 'template'
          : (message.payload.interactive as { type?: string } | undefined)?.type === interactiveType),
    );
}

function buildContext(
  ctx: SandboxContext,
  phone: PhoneNumber,
  waId: string,
  request: InboundRequest,
  type: string,
  content: Json,
): Json | undefined {
  const interactiveType = (content.interactive as { type?: string } | undefined)?.type;
  const wanted =
    type === 'button'
      ? 'template'
      : interactiveType === 'nfm_reply'
        ? 'flow'
        : interactiveType === 'button_reply'
          ? 'button'
          : interactiveType === 'list_reply'
            ? 'list'
            : undefined;
  const quoted = quotedMessage(ctx, phone, waId, request, wanted);
  const explicitId = request.context?.id ?? request.replyTo;
  if (!quoted && !explicitId) return request.forwarded ? { forwarded: true } : undefined;
  const id = quoted?.wamid ?? (explicitId as string);
  const from = !quoted || quoted.direction === 'outbound' ? phone.displayPhoneNumber : quoted.customerWaId;
  return { ...(request.forwarded ? { forwarded: true } : {}), from, id };
}
