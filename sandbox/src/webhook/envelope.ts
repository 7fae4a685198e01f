/** Webhook envelopes exactly as Meta posts them (field order included). */

/**
 * `contacts[]` of a messages webhook. A customer with a username and no phone shown has no wa_id, only user_id
 * and profile.username (Meta's "Business-scoped user IDs" page).
 */
export interface WebhookContact {
  profile: { name: string; username?: string };
  wa_id?: string;
  user_id?: string;
}

interface Routing {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
}

export type WebhookEvent =
  | (Routing & {
      kind: 'message';
      /** Absent on `system` messages ("System messages webhook reference": no contacts array). */
      contact?: WebhookContact;
      message: Record<string, unknown>;
    })
  | (Routing & { kind: 'status'; status: Record<string, unknown> })
  /** A message the business sent from the WhatsApp Business app ("smb_message_echoes webhook reference"). */
  | (Routing & { kind: 'echo'; echo: Record<string, unknown> })
  /** One chunk of past chats ("history webhook reference"): { metadata, threads }. */
  | (Routing & { kind: 'history'; chunk: Record<string, unknown> });

const fieldOf: Record<WebhookEvent['kind'], string> = {
  message: 'messages',
  status: 'messages',
  echo: 'smb_message_echoes',
  history: 'history',
};

function emptyValue(event: WebhookEvent): Record<string, unknown> {
  const base = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: event.displayPhoneNumber, phone_number_id: event.phoneNumberId },
  };
  if (event.kind === 'message') return { ...base, contacts: [], messages: [] };
  if (event.kind === 'status') return { ...base, statuses: [] };
  if (event.kind === 'echo') return { ...base, message_echoes: [] };
  return { ...base, history: [] };
}

const sameCustomer = (a: WebhookContact, b: WebhookContact) =>
  (a.wa_id !== undefined && a.wa_id === b.wa_id) || (a.user_id !== undefined && a.user_id === b.user_id);

/** Groups events into one envelope: one entry per WABA, one change per phone number and field. */
export function buildEnvelope(events: WebhookEvent[]): Record<string, unknown> {
  const entries = new Map<string, Map<string, Record<string, unknown>>>();
  for (const event of events) {
    const changes = entries.get(event.wabaId) ?? new Map<string, Record<string, unknown>>();
    entries.set(event.wabaId, changes);
    const key = `${event.phoneNumberId}:${event.kind}`;
    let value = changes.get(key);
    if (!value) {
      value = emptyValue(event);
      changes.set(key, value);
    }
    if (event.kind === 'message') {
      const contacts = value.contacts as WebhookContact[];
      const { contact } = event;
      if (contact && !contacts.some((known) => sameCustomer(known, contact))) contacts.push(contact);
      (value.messages as unknown[]).push(event.message);
    } else if (event.kind === 'status') {
      (value.statuses as unknown[]).push(event.status);
    } else if (event.kind === 'echo') {
      (value.message_echoes as unknown[]).push(event.echo);
    } else {
      (value.history as unknown[]).push(event.chunk);
    }
  }
  return {
    object: 'whatsapp_business_account',
    entry: [...entries].map(([wabaId, changes]) => ({
      id: wabaId,
      changes: [...changes].map(([key, value]) => {
        if (Array.isArray(value.contacts) && value.contacts.length === 0) delete value.contacts;
        return { value, field: fieldOf[key.split(':')[1] as WebhookEvent['kind']] };
      }),
    })),
  };
}
