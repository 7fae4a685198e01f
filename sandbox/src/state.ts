/** The sandbox's in-memory world: businesses, tokens, media, customers, messages, faults and delivery records. */

export interface FlowField {
  name: string;
  label: string;
  kind: 'text' | 'date' | 'choice' | 'number' | 'email';
  options?: string[];
  required?: boolean;
}

export interface SandboxFlow {
  id: string;
  wabaId: string;
  name: string;
  status: 'DRAFT' | 'PUBLISHED' | 'DEPRECATED' | 'BLOCKED' | 'THROTTLED';
  categories: string[];
  /** What the customer fills in; its answers become response_json. */
  fields: FlowField[];
  color: [number, number, number];
}

export interface TemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: string;
  text?: string;
  example?: unknown;
  buttons?: Array<{ type: string; text: string; url?: string; phone_number?: string }>;
}

export interface SandboxTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  components: TemplateComponent[];
  rejected_reason?: string;
}

export interface Business {
  wabaId: string;
  businessId: string;
  name: string;
  subscribedAppIds: Set<string>;
  flows: SandboxFlow[];
  templates: SandboxTemplate[];
}

export interface PhoneNumber {
  id: string;
  wabaId: string;
  /** Digits only, as in webhook metadata. */
  displayPhoneNumber: string;
  verifiedName: string;
  registered: boolean;
  pin?: string;
}

export interface TokenGrant {
  token: string;
  wabaIds: Set<string>;
  label: string;
  /** Set by the control API: every call with the token then fails with 190/463 ("Session has expired"). */
  expiredAt?: number;
}

export interface MediaRecord {
  id: string;
  phoneNumberId: string;
  bytes: Buffer;
  mimeType: string;
  sha256: string;
  fileName?: string;
  createdAt: number;
  deleted: boolean;
}

/**
 * A customer. Keyed by wa_id (digits); a customer with a WhatsApp username and no phone shown is keyed by
 * their business-scoped user id instead (then waId holds that id, e.g. 'US.13491208655302741918').
 */
export interface Customer {
  waId: string;
  name: string;
  /** Business-scoped user id (Meta's "Business-scoped user IDs" page). */
  userId?: string;
  username?: string;
  lastInboundAt?: number;
}

export type DeliveryStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'played' | 'failed';

export interface StatusRecord {
  status: DeliveryStatus;
  at: number;
  error?: { code: number; title: string };
}

/** One message between a customer and a business, either way. `payload` is Meta's message object. */
export interface ConversationMessage {
  wamid: string;
  direction: 'inbound' | 'outbound';
  phoneNumberId: string;
  customerWaId: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: number;
  statuses: StatusRecord[];
  /** Inbound only: the business marked it read. */
  readByBusiness?: boolean;
  /** Inbound only: when the business last showed the typing indicator with a read receipt. */
  typingShownAt?: number;
}

export type FaultCode = 131047 | 131026 | 190 | 130429 | 131056 | 'http500' | 'timeout' | 'http429';
export const faultCodes: FaultCode[] = [131047, 131026, 190, 130429, 131056, 'http500', 'timeout', 'http429'];

export interface Fault {
  id: number;
  code: FaultCode;
  /** Sends left to hit; undefined = every send (only allowed with a recipient). */
  remaining?: number;
  /** Only sends to this wa_id (digits). */
  recipient?: string;
}

export interface DeliveryOptions {
  webhookUrl: string;
  /** Post every webhook twice (identical bytes). */
  duplicate: boolean;
  /** Post the statuses of each send in reverse order (read, delivered, sent). */
  reverseStatuses: boolean;
  /** Collect events for batchWindowMs and post them together in one envelope. */
  batch: boolean;
  /** Sign with a wrong secret. */
  badSignature: boolean;
  /** Progress sent → delivered → read by itself after a send. */
  autoStatuses: boolean;
  /** Statuses a send climbs to automatically ('read' by default; 'delivered' stops before read). */
  autoStatusesUpTo: 'sent' | 'delivered' | 'read';
  /** Skip 'delivered' on the way up (Meta does when a message is read at once). */
  skipDelivered: boolean;
}

export interface OAuthCode {
  code: string;
  wabaId: string;
  phoneNumberId: string;
  businessId: string;
  expiresAt: number;
  used: boolean;
}

export interface DeliveryAttempt {
  deliveryId: number;
  attempt: number;
  at: string;
  url: string;
  /** HTTP status the receiver answered, or null on a network error or timeout. */
  status: number | null;
  error?: string;
  outcome: 'acknowledged' | 'will-retry' | 'gave-up' | 'not-subscribed';
  signature: string;
  body: string;
}

export interface Counters {
  webhookPosts: number;
  webhooksAcknowledged: number;
  webhookFailures: number;
  webhooksGivenUp: number;
  inboundMessages: number;
  outboundMessages: number;
  statusesPosted: number;
  sendRequests: number;
  faultsTriggered: number;
}

export function emptyCounters(): Counters {
  return {
    webhookPosts: 0,
    webhooksAcknowledged: 0,
    webhookFailures: 0,
    webhooksGivenUp: 0,
    inboundMessages: 0,
    outboundMessages: 0,
    statusesPosted: 0,
    sendRequests: 0,
    faultsTriggered: 0,
  };
}

export class SandboxState {
  businesses = new Map<string, Business>();
  phoneNumbers = new Map<string, PhoneNumber>();
  tokens = new Map<string, TokenGrant>();
  media = new Map<string, MediaRecord>();
  customers = new Map<string, Customer>();
  messages: ConversationMessage[] = [];
  faults: Fault[] = [];
  oauthCodes = new Map<string, OAuthCode>();
  deliveryLog: DeliveryAttempt[] = [];
  counters: Counters = emptyCounters();
  nextFaultId = 1;
  /** The app's webhook subscription (`POST /{app-id}/subscriptions`): the WABA fields it receives. */
  appSubscription: { callbackUrl?: string; fields: Set<string> } = { fields: new Set(['messages']) };

  constructor(public delivery: DeliveryOptions) {}

  findFlow(flowId: string): SandboxFlow | undefined {
    for (const business of this.businesses.values()) {
      const flow = business.flows.find((candidate) => candidate.id === flowId);
      if (flow) return flow;
    }
    return undefined;
  }

  findMessage(wamid: string): ConversationMessage | undefined {
    return this.messages.find((message) => message.wamid === wamid);
  }

  canAccessWaba(grant: TokenGrant, wabaId: string): boolean {
    return grant.wabaIds.has(wabaId);
  }

  businessOfPhone(phoneNumberId: string): Business | undefined {
    const phone = this.phoneNumbers.get(phoneNumberId);
    return phone ? this.businesses.get(phone.wabaId) : undefined;
  }

  upsertCustomer(waId: string, name?: string): Customer {
    const existing = this.customers.get(waId);
    if (existing) {
      if (name) existing.name = name;
      return existing;
    }
    const customer: Customer = { waId, name: name || `Customer ${waId.slice(-4)}` };
    this.customers.set(waId, customer);
    return customer;
  }
}
