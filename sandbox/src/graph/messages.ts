import type { FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { digitsOnly, newWamid } from '../ids';
import type { ConversationMessage, PhoneNumber, TokenGrant } from '../state';
import { takeFault } from './faults';
import { graphErrors } from './graph-error';
import { validateSendBody } from './send-validation';
import { whatsappIdFor } from './wa-id';

type Json = Record<string, unknown>;
const windowMs = 24 * 3600_000;

/** `POST /{phone-number-id}/messages`: sends, and read receipts (`status: 'read'`). */
export async function handleSend(
  ctx: SandboxContext,
  grant: TokenGrant,
  phone: PhoneNumber,
  rawBody: unknown,
  reply: FastifyReply,
): Promise<unknown> {
  const { state } = ctx;
  state.counters.sendRequests += 1;
  const body = (typeof rawBody === 'object' && rawBody !== null ? rawBody : {}) as Json;
  if (body.messaging_product !== 'whatsapp') throw graphErrors.paramRequired('messaging_product');
  if (body.status === 'read') return markRead(ctx, phone, body);
  if (!phone.registered) throw graphErrors.notRegistered();
  const recipient = resolveRecipient(state, body);
  const { input, waId, digits } = recipient;
  const type = typeof body.type === 'string' ? body.type : 'text';
  const business = state.businesses.get(phone.wabaId);
  if (!business) throw graphErrors.unknownObject(phone.id);
  validateSendBody(state, business, body, type);
  void grant;

  const fault = takeFault(state, waId, digits);
  if (fault?.code === 190) throw graphErrors.expiredToken();
  if (fault?.code === 130429) throw graphErrors.throughput();
  if (fault?.code === 131056) throw graphErrors.pairRate();
  if (fault?.code === 'http500') throw graphErrors.serverError();
  if (fault?.code === 'http429')
    return reply.code(429).header('retry-after', '1').type('text/plain').send('Too Many Requests');

  const customer = state.upsertCustomer(waId);
  const message: ConversationMessage = {
    wamid: newWamid(waId),
    direction: 'outbound',
    phoneNumberId: phone.id,
    customerWaId: waId,
    type,
    payload: withoutTransportFields(body, type),
    createdAt: Date.now(),
    statuses: [{ status: 'accepted', at: Date.now() }],
  };
  state.messages.push(message);
  state.counters.outboundMessages += 1;

  const outsideWindow =
    ctx.options.enforceWindow &&
    type !== 'template' &&
    (!customer.lastInboundAt || Date.now() - customer.lastInboundAt > windowMs);
  const asyncFailure =
    fault?.code === 131047 || fault?.code === 131026 ? fault.code : outsideWindow ? 131047 : undefined;
  ctx.statuses.afterSend(message, asyncFailure);

  // The message reached "Meta" and will be delivered; only the answer is lost. A client that re-sends duplicates it.
  if (fault?.code === 'timeout') await ctx.scheduler.wait(ctx.options.faultTimeoutMs);

  return {
    messaging_product: 'whatsapp',
    // A user-id send is answered with the user id, not a wa_id ("Business-scoped user IDs").
    contacts: [recipient.userId ? { input, user_id: recipient.userId } : { input, wa_id: waId }],
    messages: [{ id: message.wamid, ...(type === 'template' ? { message_status: 'accepted' } : {}) }],
  };
}

/**
 * `to` (a phone; it wins when both are given) or `recipient` (a business-scoped user id, for a customer with a
 * username). Answers the sandbox's key for the customer as `waId`.
 */
function resolveRecipient(
  state: SandboxContext['state'],
  body: Json,
): { input: string; waId: string; digits: string; userId?: string } {
  if ((body.to === undefined || body.to === '') && typeof body.recipient === 'string' && body.recipient !== '') {
    const userId = body.recipient;
    if (!/^[A-Z]{2}\.(ENT\.)?\d+$/.test(userId))
      throw graphErrors.invalidValue(`Recipient '${userId}' is not a business-scoped user id.`);
    const customer = [...state.customers.values()].find((candidate) => candidate.userId === userId);
    return { input: userId, waId: customer?.waId ?? userId, digits: customer?.waId ?? userId, userId };
  }
  if (body.to === undefined || body.to === '') throw graphErrors.missingParameter("Parameter 'to' is required.");
  if (typeof body.to !== 'string' && typeof body.to !== 'number')
    throw graphErrors.invalidValue("Parameter 'to' must be a phone number.");
  const input = String(body.to);
  const digits = digitsOnly(input);
  if (digits.length < 7 || digits.length > 15 || /[a-z]/i.test(input))
    throw graphErrors.invalidValue(`Recipient phone number '${input}' is not valid.`);
  return { input, waId: whatsappIdFor(digits), digits };
}

function markRead(ctx: SandboxContext, phone: PhoneNumber, body: Json): unknown {
  const messageId = body.message_id;
  if (typeof messageId !== 'string' || messageId === '')
    throw graphErrors.missingParameter("Parameter 'message_id' is required.");
  const target = ctx.state.findMessage(messageId);
  if (!target || target.direction !== 'inbound' || target.phoneNumberId !== phone.id)
    throw graphErrors.invalidValue(`Invalid message_id '${messageId}'.`);
  // "Typing indicators": only `{ type: 'text' }` exists; it rides on a read receipt.
  if (body.typing_indicator !== undefined) {
    const indicator = body.typing_indicator as Json | null;
    if (typeof indicator !== 'object' || indicator === null || indicator.type !== 'text')
      throw graphErrors.invalidValue("Parameter 'typing_indicator.type' must be 'text'.");
    target.typingShownAt = Date.now();
  }
  for (const message of ctx.state.messages) {
    const earlierFromSameCustomer =
      message.direction === 'inbound' &&
      message.phoneNumberId === phone.id &&
      message.customerWaId === target.customerWaId &&
      message.createdAt <= target.createdAt;
    if (earlierFromSameCustomer) message.readByBusiness = true;
  }
  return { success: true };
}

function withoutTransportFields(body: Json, type: string): Json {
  const { messaging_product: _product, recipient_type: _type, to: _to, recipient: _recipient, ...rest } = body;
  return { ...rest, type };
}
