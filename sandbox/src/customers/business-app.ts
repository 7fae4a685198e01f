/**
 * The business answering from its WhatsApp Business app on a coexistence number: each message it sends there is
 * echoed to the webhook (`smb_message_echoes`), and its past chats arrive as `history` batches.
 */
import type { SandboxContext } from '../context';
import { digitsOnly, newWamid, unixSeconds } from '../ids';
import type { ConversationMessage, PhoneNumber } from '../state';
import { customerIdentity } from './identity';
import { InboundError } from './inbound-message';

type Json = Record<string, unknown>;

export interface EchoRequest {
  /** The customer's phone, or their username / user id. */
  to?: string;
  username?: string;
  userId?: string;
  text: string;
  phoneNumberId?: string;
}

export interface HistoryRequest {
  to?: string;
  username?: string;
  userId?: string;
  phoneNumberId?: string;
  /** Oldest first; a short sample chat when omitted. */
  messages?: Array<{ from: 'customer' | 'business'; text: string; minutesAgo: number }>;
}

function businessPhone(ctx: SandboxContext, phoneNumberId: string | undefined, fallback: string): PhoneNumber {
  const phone = ctx.state.phoneNumbers.get(phoneNumberId ?? fallback);
  if (!phone) throw new InboundError(`Unknown business phone number id '${phoneNumberId}'.`);
  return phone;
}

function identityOf(request: { to?: string; username?: string; userId?: string }) {
  try {
    return customerIdentity({ from: request.to, username: request.username, userId: request.userId });
  } catch (error) {
    throw new InboundError((error as Error).message.replace(/^from/, 'to'));
  }
}

/**
 * "smb_message_echoes webhook reference": message_echoes[] with from = the business number, to = the customer,
 * id, timestamp, type and the content. It never opens the customer's 24-hour window.
 */
export function echoFromPhoneApp(ctx: SandboxContext, request: EchoRequest, fallback: string): ConversationMessage {
  if (!request.text) throw new InboundError('text is required.');
  const phone = businessPhone(ctx, request.phoneNumberId, fallback);
  const identity = identityOf(request);
  ctx.state.upsertCustomer(identity.key);
  const wamid = newWamid(phone.displayPhoneNumber);
  const echo: Json = {
    from: phone.displayPhoneNumber,
    ...(identity.waId ? { to: identity.waId } : {}),
    ...(identity.userId && !identity.waId ? { to_user_id: identity.userId } : {}),
    id: wamid,
    timestamp: unixSeconds(),
    type: 'text',
    text: { body: request.text },
  };
  const record: ConversationMessage = {
    wamid,
    direction: 'outbound',
    phoneNumberId: phone.id,
    customerWaId: identity.key,
    type: 'text',
    payload: echo,
    createdAt: Date.now(),
    statuses: [],
  };
  ctx.state.messages.push(record);
  ctx.dispatcher.emit([
    {
      kind: 'echo',
      wabaId: phone.wabaId,
      phoneNumberId: phone.id,
      displayPhoneNumber: phone.displayPhoneNumber,
      echo,
    },
  ]);
  return record;
}

const sampleChat: NonNullable<HistoryRequest['messages']> = [
  { from: 'customer', text: 'Hi, do you deliver on Sundays?', minutesAgo: 3 * 24 * 60 },
  { from: 'business', text: 'Yes, from 10 to 14.', minutesAgo: 3 * 24 * 60 - 5 },
  { from: 'customer', text: 'Great, thanks!', minutesAgo: 3 * 24 * 60 - 7 },
];

/**
 * "history webhook reference": history[] of chunks { metadata: { phase, chunk_order, progress }, threads: [{ id:
 * the customer's number, messages }] }; each message carries history_context.status, and the business's own
 * messages have from = the business number and to = the customer. One chunk, phase 0, progress 100.
 */
export function historyBatch(ctx: SandboxContext, request: HistoryRequest, fallback: string): { wamids: string[] } {
  const phone = businessPhone(ctx, request.phoneNumberId, fallback);
  const identity = identityOf(request);
  const number = identity.waId;
  // A username customer without a phone shown is named by user id only (from_user_id / to_user_id).
  const customerSide = number ? { from: number } : { from_user_id: identity.userId };
  const toCustomer = number ? { to: number } : { to_user_id: identity.userId };
  const messages = (request.messages ?? sampleChat).map((entry) => {
    const fromBusiness = entry.from === 'business';
    const wamid = newWamid(fromBusiness ? phone.displayPhoneNumber : digitsOnly(identity.key));
    return {
      ...(fromBusiness ? { from: phone.displayPhoneNumber, ...toCustomer } : customerSide),
      id: wamid,
      timestamp: unixSeconds(new Date(Date.now() - entry.minutesAgo * 60_000)),
      type: 'text',
      text: { body: entry.text },
      history_context: { status: fromBusiness ? 'DELIVERED' : 'READ' },
    };
  });
  ctx.dispatcher.emit([
    {
      kind: 'history',
      wabaId: phone.wabaId,
      phoneNumberId: phone.id,
      displayPhoneNumber: phone.displayPhoneNumber,
      chunk: {
        metadata: { phase: 0, chunk_order: 1, progress: 100 },
        threads: [
          {
            ...(number ? { id: number } : {}),
            ...(identity.userId ? { user_id: identity.userId } : {}),
            messages,
          },
        ],
      },
    },
  ]);
  return { wamids: messages.map((message) => message.id) };
}
