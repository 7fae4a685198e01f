import type { SandboxContext } from '../context';
import { digitsOnly, newWamid, unixSeconds } from '../ids';
import { storeMedia } from '../media-store';
import type { ConversationMessage, PhoneNumber } from '../state';
import type { WebhookContact } from '../webhook/envelope';
import { customerIdentity, type CustomerIdentity } from './identity';
import { sampleMedia } from './sample-media';

type Json = Record<string, unknown>;

/** Body of `POST /_sandbox/inbound` (see README): what a customer sends to a business. */
export interface InboundRequest {
  /** The customer's phone; omit it (and give username or userId) for a customer with a username and no phone. */
  from?: string;
  /** A WhatsApp username: the customer gets a business-scoped user id (derived from it unless userId is given). */
  username?: string;
  userId?: string;
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
  /** type 'order': a cart from the catalog (a sample one when omitted). */
  order?: {
    catalogId?: string;
    text?: string;
    items?: Array<{ productRetailerId: string; quantity: number; itemPrice: number; currency: string }>;
  };
  /** type 'system': the customer changed number to newPhone. */
  system?: { newPhone: string };
  /** A click-to-WhatsApp ad the message comes from (any type); `true` = a sample ad. */
  referral?: true | { headline?: string; body?: string; sourceUrl?: string; sourceId?: string; imageUrl?: string };
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
  if (typeof request.type !== 'string') throw new InboundError('type is required.');
  const identity = customerIdentityOf(request);
  const customer = state.upsertCustomer(identity.key, request.name);
  if (identity.userId) customer.userId = identity.userId;
  if (identity.username) customer.username = identity.username;
  const wamid = newWamid(identity.waId ?? digitsOnly(identity.key));
  const sentAt = request.timestamp ? request.timestamp * 1000 : Date.now();
  const { type, content } = buildContent(ctx, phone, identity.key, request, customer.name);
  const context = buildContext(ctx, phone, identity.key, request, type, content);

  // A username customer's message has no `from`, only `from_user_id` (Meta's "Business-scoped user IDs" page).
  const message: Json = {
    ...(context ? { context } : {}),
    ...(identity.waId ? { from: identity.waId } : {}),
    ...(identity.userId ? { from_user_id: identity.userId } : {}),
    id: wamid,
    timestamp: unixSeconds(new Date(sentAt)),
    type,
    ...content,
    ...(request.referral ? { referral: referralOf(request.referral) } : {}),
  };
  const record: ConversationMessage = {
    wamid,
    direction: 'inbound',
    phoneNumberId: phone.id,
    customerWaId: identity.key,
    type,
    payload: message,
    createdAt: Date.now(),
    statuses: [],
  };
  state.messages.push(record);
  state.counters.inboundMessages += 1;
  // WhatsApp's notices (system, request_welcome) are not the customer writing: no 24-hour window.
  if (type !== 'system' && type !== 'request_welcome')
    customer.lastInboundAt = Math.max(customer.lastInboundAt ?? 0, sentAt);
  const contact: WebhookContact = {
    profile: { name: customer.name, ...(identity.username ? { username: identity.username } : {}) },
    ...(identity.waId ? { wa_id: identity.waId } : {}),
    ...(identity.userId ? { user_id: identity.userId } : {}),
  };
  ctx.dispatcher.emit([
    {
      kind: 'message',
      wabaId: phone.wabaId,
      phoneNumberId: phone.id,
      displayPhoneNumber: phone.displayPhoneNumber,
      // "System messages webhook reference": system messages come without a contacts array.
      ...(type === 'system' ? {} : { contact }),
      message,
    },
  ]);
  if (type === 'system' && request.system) moveCustomer(ctx, identity.key, digitsOnly(request.system.newPhone));
  return record;
}

function customerIdentityOf(request: InboundRequest): CustomerIdentity {
  try {
    return customerIdentity(request);
  } catch (error) {
    throw new InboundError((error as Error).message);
  }
}

/** After a number change the customer writes from the new number (the old one is gone). */
function moveCustomer(ctx: SandboxContext, oldKey: string, newWaId: string): void {
  const old = ctx.state.customers.get(oldKey);
  if (!old) return;
  ctx.state.customers.delete(oldKey);
  ctx.state.customers.set(newWaId, { ...old, waId: newWaId });
}

/** Meta's referral object (click-to-WhatsApp ad), from the request's fields or a sample ad. */
function referralOf(referral: NonNullable<InboundRequest['referral']>): Json {
  const given = referral === true ? {} : referral;
  return {
    source_url: given.sourceUrl ?? 'https://fb.me/parley-sandbox-ad',
    source_id: given.sourceId ?? '120208899887766',
    source_type: 'ad',
    headline: given.headline ?? 'Spring sale: 20% off',
    body: given.body ?? 'Message us on WhatsApp to order.',
    media_type: 'image',
    image_url: given.imageUrl ?? 'https://example.test/ads/spring.jpg',
    ctwa_clid: 'ARAkLkA8rmlFeiCktEJQ-QTwRiyYHAFDLMNDBH0CD3qpjd0HR4irJ6LEkR7JwFF4XvnO2E4Nx0-eM-GABDLOPaOdRMv-_zfUQ2a',
  };
}

function buildContent(
  ctx: SandboxContext,
  phone: PhoneNumber,
  waId: string,
  request: InboundRequest,
  customerName: string,
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
  if (kind === 'order') return { type: 'order', content: { order: orderOf(request.order) } };
  if (kind === 'request_welcome') return { type: 'request_welcome', content: {} };
  if (kind === 'system') {
    const newPhone = digitsOnly(request.system?.newPhone ?? '');
    if (newPhone.length < 7 || newPhone.length > 15) throw new InboundError('system {newPhone} is required.');
    if (!/^\d+$/.test(waId)) throw new InboundError('Only a customer with a phone can change number.');
    // "System messages webhook reference": body, the new wa_id and the type.
    return {
      type: 'system',
      content: {
        system: {
          body: `User ${customerName} changed from ${waId} to ${newPhone}`,
          wa_id: newPhone,
          type: 'user_changed_number',
        },
      },
    };
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

/** "Order messages webhook reference": catalog_id, text, product_items with quantity, item_price, currency. */
function orderOf(order: InboundRequest['order']): Json {
  const items = order?.items ?? [
    { productRetailerId: 'cake-choc', quantity: 2, itemPrice: 12.5, currency: 'EUR' },
    { productRetailerId: 'coffee', quantity: 1, itemPrice: 3, currency: 'EUR' },
  ];
  return {
    catalog_id: order?.catalogId ?? '1537812457123456',
    ...(order?.text ? { text: order.text } : {}),
    product_items: items.map((item) => ({
      product_retailer_id: item.productRetailerId,
      quantity: item.quantity,
      item_price: item.itemPrice,
      currency: item.currency,
    })),
  };
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
