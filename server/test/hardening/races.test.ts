/**
 * The same request twice at the same moment (a double click, two tabs, Meta's parallel deliveries): one wins,
 * the other gets a 4xx — never a 500 from a unique index, never both.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { inboundWebhook, serialiseLikeMeta } from '../fixtures/whatsapp';
import { contacts } from '../../src/modules/contacts/schema';
import { conversations, messages } from '../../src/modules/conversations/schema';
import { users } from '../../src/modules/users/schema';
import { uniqueEmail } from '../helpers/test-server';
import { APP_SECRET, startHardeningStack, type HardeningStack, STACK_START_MS } from './hardening-stack';

let stack: HardeningStack;

beforeAll(async () => {
  stack = await startHardeningStack();
}, STACK_START_MS);
afterAll(() => stack?.close());

const twice = <T>(work: () => Promise<T>) => Promise.all([work(), work(), work()]);
const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status).sort();

describe('the same request three times at once', () => {
  it('registers an e-mail once', async () => {
    const email = uniqueEmail('race');
    const answers = await twice(() =>
      stack.server.request('POST', '/auth/register', {
        body: { fullName: 'Race', title: 'Owner', email, password: 'race password', confirmPassword: 'race password' },
      }),
    );
    // Every answer alike (a taken email is not told apart), one account.
    expect(statuses(answers)).toEqual([201, 201, 201]);
    expect(await stack.server.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('uses a password-reset code once', async () => {
    const { a, server } = stack;
    const person = a.agent;
    expect((await server.request('POST', '/auth/forgot-password', { body: { email: person.email } })).status).toBe(200);
    const code = await server.readLatestCode(person.email);
    const passwords = ['first new password', 'second new password', 'third new password'];
    const answers = await Promise.all(
      passwords.map((password) =>
        server.request('POST', '/auth/reset-password', {
          body: { email: person.email, code, password, confirmPassword: password },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const working = [];
    for (const password of passwords) {
      if ((await server.request('POST', '/auth/login', { body: { email: person.email, password } })).status === 200)
        working.push(password);
    }
    expect(working).toHaveLength(1);
  });

  it('adds a customer once when their first messages arrive together', async () => {
    const { a, server } = stack;
    const from = `1333${String(Date.now()).slice(-7)}`;
    const bodies = [1, 2, 3].map((n) =>
      serialiseLikeMeta(
        inboundWebhook('text', {
          phoneNumberId: a.phoneNumberId,
          from,
          wamid: `wamid.race-${from}-${n}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
        }),
      ),
    );
    const answers = await Promise.all(
      bodies.map((body) =>
        server.app.inject({
          method: 'POST',
          url: '/webhooks/whatsapp',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, APP_SECRET) },
          payload: body,
        }),
      ),
    );
    // 500 would not lose the message (Meta delivers again), but each one is a retry storm in the making.
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const contactRows = await server.db.select().from(contacts).where(eq(contacts.phone, from));
    expect(contactRows).toHaveLength(1);
    expect(
      await server.db.select().from(conversations).where(eq(conversations.contactId, contactRows[0].id)),
    ).toHaveLength(1);
    const stored = await server.db
      .select()
      .from(messages)
      .where(
        eq(
          messages.conversationId,
          (await server.db.select().from(conversations).where(eq(conversations.contactId, contactRows[0].id)))[0].id,
        ),
      );
    expect(stored).toHaveLength(3);
  });

  it('adds a contact once', async () => {
    const phone = `+1 444 ${crypto.randomInt(1_000_000, 9_999_999)}`;
    const answers = await twice(() =>
      stack.server.request('POST', '/api/contacts', { token: stack.b.owner.token, body: { name: 'Twin', phone } }),
    );
    expect(statuses(answers)).toEqual([201, 409, 409]);
  });

  it('adds a staff member once', async () => {
    const email = uniqueEmail('twin-agent');
    const answers = await twice(() =>
      stack.server.request('POST', '/api/account/users', {
        token: stack.b.owner.token,
        body: { fullName: 'Twin Agent', title: 'Support', email, password: 'twin password' },
      }),
    );
    expect(statuses(answers)).toEqual([201, 409, 409]);
  });
});
