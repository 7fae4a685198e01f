/**
 * Demo data of the channel (idempotent): the demo account connected to the sandbox's seeded WhatsApp number,
 * and a few customers with some history — one waiting for an answer, one answered, one closed, one archived.
 * A connection the owner has set up differently is left alone; a conversation that already has messages is
 * not touched.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { addContact, findOrCreateContactByPhone } from '../modules/contacts/service';
import { ensureConversation, noteNewMessage } from '../modules/conversations/conversation-updates';
import { conversations, messages, type ConversationStatus } from '../modules/conversations/schema';
import { whatsappConnections } from '../modules/credentials/schema';
import { saveCredentials } from '../modules/credentials/service';

/** The sandbox's seeded business (sandbox/README.md, "Seeded world"). */
export const DEMO_WHATSAPP = {
  wabaId: '100000000000001',
  phoneNumberId: '100000000000002',
  displayPhoneNumber: '15550001000',
  token: 'sandbox-token-demo',
} as const;

interface DemoLine {
  incoming: boolean;
  text: string;
  minutesAgo: number;
}

interface DemoCustomer {
  phone: string;
  profileName: string;
  status: ConversationStatus;
  lines: DemoLine[];
}

const DAY = 24 * 60;

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    phone: '15550001',
    profileName: 'Maria Silva',
    status: 'active',
    lines: [
      { incoming: true, text: 'Hi! Do you have the blue sneakers in size 39?', minutesAgo: 50 },
      { incoming: false, text: 'Hello Maria! Yes, we do. Shall I keep a pair for you?', minutesAgo: 45 },
      { incoming: true, text: 'Yes please, I can pick them up tomorrow.', minutesAgo: 40 },
    ],
  },
  {
    phone: '15550002',
    profileName: 'Tom Becker',
    status: 'active',
    lines: [
      { incoming: true, text: 'Has my order #4521 shipped yet?', minutesAgo: 180 },
      {
        incoming: false,
        text: 'It left our warehouse this morning. You will get the tracking link by email.',
        minutesAgo: 170,
      },
    ],
  },
  {
    phone: '15550003',
    profileName: 'Aiko Tanaka',
    status: 'closed',
    lines: [
      { incoming: true, text: 'Can I return a jacket without the receipt?', minutesAgo: 2 * DAY + 30 },
      { incoming: false, text: 'Yes, within 30 days, with the card you paid with.', minutesAgo: 2 * DAY + 20 },
      { incoming: true, text: 'Perfect, thanks for the help!', minutesAgo: 2 * DAY + 10 },
    ],
  },
  {
    phone: '15550004',
    profileName: 'Lucas Martin',
    status: 'archived',
    lines: [
      { incoming: true, text: 'Please take me off the newsletter.', minutesAgo: 9 * DAY },
      { incoming: false, text: 'Done — you will not receive it any more.', minutesAgo: 9 * DAY - 5 },
    ],
  },
];

export async function seedDemoConversations(
  db: Db,
  config: Pick<Config, 'encryptionKey'>,
  accountId: string,
): Promise<void> {
  const [connection] = await db
    .select({ id: whatsappConnections.id })
    .from(whatsappConnections)
    .where(eq(whatsappConnections.accountId, accountId))
    .limit(1);
  if (!connection) {
    await saveCredentials({ db, config }, { accountId, ...DEMO_WHATSAPP }).catch((error: unknown) => {
      // Another account already holds the sandbox number: the demo still works for browsing.
      console.warn(`Demo WhatsApp connection skipped: ${(error as Error).message}`);
    });
  }

  const now = Date.now();
  for (const customer of DEMO_CUSTOMERS) {
    await db.transaction(async (tx) => {
      // Saved with a name, as an owner would: the list shows it whatever profile name WhatsApp reports later.
      await addContact(tx as unknown as Db, accountId, {
        name: customer.profileName,
        phone: customer.phone,
        email: null,
      }).catch((error: unknown) => {
        if (!(error instanceof HttpError && error.status === 409)) throw error;
      });
      const contact = await findOrCreateContactByPhone(
        tx as unknown as Db,
        accountId,
        customer.phone,
        customer.profileName,
      );
      const conversation = await ensureConversation(tx, accountId, contact.id);
      const [existing] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.conversationId, conversation.id))
        .limit(1);
      if (existing) return;
      for (const [index, line] of customer.lines.entries()) {
        const at = new Date(now - line.minutesAgo * 60_000);
        const [stored] = await tx
          .insert(messages)
          .values({
            accountId,
            conversationId: conversation.id,
            type: 'text',
            direction: line.incoming ? 'incoming' : 'outgoing',
            content: { text: line.text },
            wamid: `wamid.demo-${customer.phone}-${index}`,
            status: line.incoming ? null : 'read',
            sentAt: line.incoming ? at : null,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning({ createdAt: messages.createdAt });
        if (stored)
          await noteNewMessage(tx, conversation.id, {
            createdAt: stored.createdAt,
            incoming: line.incoming,
            ...(line.incoming ? { customerWroteAt: at } : {}),
          });
      }
      await tx
        .update(conversations)
        .set({ status: customer.status, createdAt: new Date(now - customer.lines[0].minutesAgo * 60_000) })
        .where(eq(conversations.id, conversation.id));
    });
  }
}
