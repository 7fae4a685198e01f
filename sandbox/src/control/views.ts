import type { ConversationMessage, DeliveryStatus, SandboxState } from '../state';

const rank: Record<DeliveryStatus, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, played: 4, failed: 5 };

/** The status a phone would show: the highest reached (failed wins), whatever order the webhooks took. */
export function currentStatus(message: ConversationMessage): DeliveryStatus | undefined {
  let best: DeliveryStatus | undefined;
  for (const record of message.statuses) if (!best || rank[record.status] > rank[best]) best = record.status;
  return best;
}

export function messageView(message: ConversationMessage) {
  const failure = message.statuses.find((record) => record.status === 'failed')?.error;
  return {
    wamid: message.wamid,
    direction: message.direction,
    phoneNumberId: message.phoneNumberId,
    customer: message.customerWaId,
    type: message.type,
    payload: message.payload,
    createdAt: new Date(message.createdAt).toISOString(),
    ...(message.direction === 'outbound'
      ? { status: currentStatus(message), statuses: message.statuses, ...(failure ? { error: failure } : {}) }
      : {}),
    ...(message.direction === 'inbound'
      ? {
          readByBusiness: message.readByBusiness === true,
          ...(message.typingShownAt ? { typingShownAt: new Date(message.typingShownAt).toISOString() } : {}),
        }
      : {}),
  };
}

export function stateView(state: SandboxState) {
  return {
    businesses: [...state.businesses.values()].map((business) => ({
      wabaId: business.wabaId,
      businessId: business.businessId,
      name: business.name,
      subscribedApps: [...business.subscribedAppIds],
      phoneNumbers: [...state.phoneNumbers.values()]
        .filter((phone) => phone.wabaId === business.wabaId)
        .map((phone) => ({
          id: phone.id,
          displayPhoneNumber: phone.displayPhoneNumber,
          verifiedName: phone.verifiedName,
          registered: phone.registered,
        })),
      flows: business.flows.map((flow) => ({ id: flow.id, name: flow.name, status: flow.status, fields: flow.fields })),
      templates: business.templates.map((template) => ({
        name: template.name,
        language: template.language,
        status: template.status,
      })),
    })),
    customers: [...state.customers.values()],
    delivery: state.delivery,
    faults: state.faults,
    counters: state.counters,
  };
}
