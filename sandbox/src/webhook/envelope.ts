/** Webhook envelopes exactly as Meta posts them (field order included). */

export interface WebhookContact {
  profile: { name: string };
  wa_id: string;
}

export type WebhookEvent =
  | {
      kind: 'message';
      wabaId: string;
      phoneNumberId: string;
      displayPhoneNumber: string;
      contact: WebhookContact;
      message: Record<string, unknown>;
    }
  | {
      kind: 'status';
      wabaId: string;
      phoneNumberId: string;
      displayPhoneNumber: string;
      status: Record<string, unknown>;
    };

/** Groups events into one envelope: one entry per WABA, one change per phone number and kind. */
export function buildEnvelope(events: WebhookEvent[]): Record<string, unknown> {
  const entries = new Map<string, Map<string, Record<string, unknown>>>();
  for (const event of events) {
    const changes = entries.get(event.wabaId) ?? new Map<string, Record<string, unknown>>();
    entries.set(event.wabaId, changes);
    const key = `${event.phoneNumberId}:${event.kind}`;
    let value = changes.get(key);
    if (!value) {
      value = {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: event.displayPhoneNumber, phone_number_id: event.phoneNumberId },
        ...(event.kind === 'message' ? { contacts: [], messages: [] } : { statuses: [] }),
      };
      changes.set(key, value);
    }
    if (event.kind === 'message') {
      const contacts = value.contacts as WebhookContact[];
      if (!contacts.some((contact) => contact.wa_id === event.contact.wa_id)) contacts.push(event.contact);
      (value.messages as unknown[]).push(event.message);
    } else {
      (value.statuses as unknown[]).push(event.status);
    }
  }
  return {
    object: 'whatsapp_business_account',
    entry: [...entries].map(([wabaId, changes]) => ({
      id: wabaId,
      changes: [...changes.values()].map((value) => ({ value, field: 'messages' })),
    })),
  };
}
