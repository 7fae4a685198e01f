/**
 * What the report tests write straight into the database to build conversations whose figures they work out by
 * hand: a contact and its conversation, messages of each kind (customer, staff, phone app) and status changes.
 */
import { conversationStatusChanges, conversations, messages } from '../../src/modules/conversations/schema';
import { contacts } from '../../src/modules/contacts/schema';
import type { TestServer } from '../helpers/test-server';

export interface ReportConversation {
  accountId: string;
  conversationId: string;
}

type TextFields = Omit<typeof messages.$inferInsert, 'accountId' | 'conversationId' | 'type'>;

/** Writes on the server `server()` gives (started later, in beforeAll); customers' phones start `phonePrefix`. */
export function reportWrites(server: () => TestServer, phonePrefix: string) {
  let phoneCounter = 0;
  const text = (c: ReportConversation, fields: TextFields) =>
    server()
      .db.insert(messages)
      .values({ ...c, type: 'text', ...fields })
      .returning({ id: messages.id });
  return {
    async conversationOf(accountId: string): Promise<ReportConversation> {
      phoneCounter += 1;
      const [contact] = await server()
        .db.insert(contacts)
        .values({
          accountId,
          name: `Customer ${phoneCounter}`,
          phone: `${phonePrefix}${String(phoneCounter).padStart(4, '0')}`,
        })
        .returning();
      const [conversation] = await server()
        .db.insert(conversations)
        .values({ accountId, contactId: contact.id })
        .returning();
      return { accountId, conversationId: conversation.id };
    },
    /** A customer's message: WhatsApp's time is sentAt; stored at `createdAt` (default: when written). */
    customerWrites: (c: ReportConversation, at: Date, createdAt?: Date) =>
      text(c, { direction: 'incoming', content: { text: 'hello' }, sentAt: at, ...(createdAt ? { createdAt } : {}) }),
    /** A reply sent from Parley by a staff member: its time is createdAt. */
    staffReplies: (c: ReportConversation, at: Date, userId: string, status: 'sent' | 'delivered' = 'delivered') =>
      text(c, { direction: 'outgoing', content: { text: 'hi' }, status, sentByUserId: userId, createdAt: at }),
    /** A reply typed in the WhatsApp Business app on the phone (an echo): WhatsApp's time is sentAt. */
    phoneAppReplies: (
      c: ReportConversation,
      at: Date,
      { status = 'sent', createdAt }: { status?: 'sent' | 'delivered'; createdAt?: Date } = {},
    ) =>
      text(c, {
        direction: 'outgoing',
        content: { text: 'from the phone' },
        status,
        sentFrom: 'phone_app',
        sentAt: at,
        ...(createdAt ? { createdAt } : {}),
      }),
    statusChange: (c: ReportConversation, status: 'closed' | 'archived' | 'active', at: Date) =>
      server()
        .db.insert(conversationStatusChanges)
        .values({ ...c, status, changedAt: at }),
    report: (token: string, query: string) => server().request('GET', `/api/reports?${query}`, { token }),
  };
}
