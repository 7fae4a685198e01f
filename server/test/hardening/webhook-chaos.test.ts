/**
 * Webhook chaos through the sandbox, all switches at once: every delivery duplicated, statuses posted in reverse,
 * events batched, old deliveries replayed at random, then a spell of bad signatures, a subscribed number no
 * account owns, and message types we do not know. Outcome: each message stored exactly once, no status ever
 * moving backwards (watched on the socket, as the browser sees it), nothing stored from a bad signature.
 * (webhook.test.ts in test/channel checks each switch alone; this suite mixes them under load.)
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { envelope, serialiseLikeMeta } from '../fixtures/whatsapp';
import { contacts } from '../../src/modules/contacts/schema';
import { messages } from '../../src/modules/conversations/schema';
import {
  APP_SECRET,
  FB_APP_ID,
  startHardeningStack,
  waitFor,
  type HardeningStack,
  STACK_START_MS,
} from './hardening-stack';

let stack: HardeningStack;
let ownerSocket: Socket;
const statusTrail = new Map<string, string[]>();
const RANK: Record<string, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

beforeAll(async () => {
  stack = await startHardeningStack();
  ownerSocket = await stack.openSocket(stack.a.owner.token);
  ownerSocket.on('message', (event: { message: { id: string; status: string; direction: string } }) => {
    if (event.message.direction !== 'outgoing') return;
    const trail = statusTrail.get(event.message.id) ?? [];
    trail.push(event.message.status);
    statusTrail.set(event.message.id, trail);
  });
}, STACK_START_MS);
afterAll(async () => {
  ownerSocket?.close();
  await stack?.close();
});

/** A fresh seed each run, printed; `CHAOS_SEED=<seed> npx jest test/hardening/webhook-chaos` replays it. */
const CHAOS_SEED = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : crypto.randomInt(2 ** 31);
process.stdout.write(
  `webhook-chaos seed ${CHAOS_SEED} — replay: CHAOS_SEED=${CHAOS_SEED} npx jest test/hardening/webhook-chaos\n`,
);
const random = (() => {
  let seed = CHAOS_SEED;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
})();
let phoneCounter = 0;
const newPhone = () => {
  phoneCounter += 1;
  return `1888${String(Date.now()).slice(-5)}${String(phoneCounter).padStart(3, '0')}`;
};

const storedByWamid = async (wamids: string[]) =>
  wamids.length === 0
    ? []
    : stack.server.db
        .select({ wamid: messages.wamid, accountId: messages.accountId, type: messages.type })
        .from(messages)
        .where(inArray(messages.wamid, wamids));

const plainDelivery = { duplicate: false, reverseStatuses: false, batch: false, badSignature: false };

describe('webhook chaos', () => {
  afterEach(() => stack.control('PUT', '/delivery', plainDelivery));
  const goodWamids: string[] = [];
  const sentMessageIds: string[] = [];
  const customers: string[] = [];

  it('stores every message once and never moves a status backwards, with duplicates, reversed statuses, batches and replays', async () => {
    const { a, sandbox, control } = stack;
    await control('PUT', '/delivery', { duplicate: true, reverseStatuses: true, batch: true });
    sandbox.options.batchWindowMs = 40;

    for (let i = 0; i < 6; i += 1) customers.push(newPhone());
    const kinds = ['text', 'text', 'text', 'image', 'location', 'unsupported', 'contacts'];
    const plan = customers.flatMap((phone) => kinds.map((type) => ({ phone, type })));
    plan.sort(() => random() - 0.5);
    for (const { phone, type } of plan) {
      const sent = sandbox.inbound({
        from: `+${phone}`,
        name: `Chaos ${phone.slice(-3)}`,
        type,
        text: `chaos ${type} ${crypto.randomBytes(3).toString('hex')}`,
        location: { latitude: 41.15, longitude: -8.61, name: 'Ribeira' },
        contacts: [{ name: { formatted_name: 'Ana Silva', first_name: 'Ana' }, phones: [{ phone: '+351910000000' }] }],
        unsupportedType: 'poll_update',
        phoneNumberId: a.phoneNumberId,
      } as never);
      goodWamids.push(sent.wamid);
    }
    await waitFor(
      async () => (await storedByWamid(goodWamids)).length >= goodWamids.length,
      'every inbound message',
      30_000,
    );

    // The business answers every customer twice; statuses come back duplicated, reversed and batched.
    const conversations = await stack.server.request('GET', '/api/conversations?limit=1000', { token: a.owner.token });
    for (const phone of customers) {
      const conversation = conversations.body.list.find(
        (c: { contact: { phone: string } }) => c.contact.phone === phone,
      );
      for (const text of ['first answer', 'second answer']) {
        const answer = await stack.server.request('POST', `/api/conversations/${conversation.id}`, {
          token: a.owner.token,
          body: { text: `${text} to ${phone}` },
        });
        expect(answer.status).toBe(201);
        sentMessageIds.push(answer.body.id);
      }
    }
    const outgoing = async () => stack.server.db.select().from(messages).where(inArray(messages.id, sentMessageIds));
    await waitFor(async () => (await outgoing()).every((m) => m.status === 'read'), 'every answer read', 30_000);

    // Customers react to our first answers (reactions are not messages), then Meta replays old deliveries.
    const reactedIds: string[] = [];
    for (const row of (await outgoing()).filter((m) => m.content.text?.startsWith('first answer'))) {
      reactedIds.push(row.id);
      const customer = customers.find((phone) => row.content.text?.endsWith(phone)) as string;
      sandbox.inbound({
        from: `+${customer}`,
        type: 'reaction',
        reaction: { messageId: row.wamid, emoji: '👍' },
        phoneNumberId: a.phoneNumberId,
      } as never);
    }
    await sandbox.waitForIdle(20_000);
    const log = (await control('GET', '/deliveries?limit=2000')) as Array<{ deliveryId: number; outcome: string }>;
    const replayable = [...new Set(log.filter((d) => d.outcome === 'acknowledged').map((d) => d.deliveryId))];
    for (let i = 0; i < 40; i += 1) {
      await control('POST', `/deliveries/${replayable[Math.floor(random() * replayable.length)]}/redeliver`);
    }
    await sandbox.waitForIdle(20_000);

    // Exactly once, whatever the duplicates and replays.
    const stored = await storedByWamid(goodWamids);
    expect(stored).toHaveLength(goodWamids.length);
    expect(stored.every((row) => row.accountId === a.accountId)).toBe(true);
    const duplicates = await stack.server.db
      .select({ wamid: messages.wamid, copies: sql<number>`count(*)::int` })
      .from(messages)
      .where(sql`${messages.wamid} is not null`)
      .groupBy(messages.wamid)
      .having(sql`count(*) > 1`);
    expect(duplicates).toEqual([]);
    // Each customer has one conversation with its 7 messages and 2 answers; reactions added no message.
    for (const phone of customers) {
      const conversation = conversations.body.list.find(
        (c: { contact: { phone: string } }) => c.contact.phone === phone,
      );
      const detail = await stack.server.request('GET', `/api/conversations/${conversation.id}`, {
        token: a.owner.token,
      });
      expect(detail.body.messages).toHaveLength(kinds.length + 2);
    }
    const reacted = (await outgoing()).filter((m) => reactedIds.includes(m.id));
    expect(reacted).toHaveLength(customers.length);
    for (const row of reacted) expect(row.reactions).toEqual([expect.objectContaining({ emoji: '👍' })]);

    // No status ever went backwards, on the socket or in the database; every answer ended read.
    for (const id of sentMessageIds) {
      const trail = statusTrail.get(id) ?? [];
      const ranks = trail.map((status) => RANK[status]);
      expect({ id, trail, monotonic: ranks.every((rank, i) => i === 0 || rank >= ranks[i - 1]) }).toEqual({
        id,
        trail,
        monotonic: true,
      });
      expect(trail.at(-1)).toBe('read');
    }
    expect((await outgoing()).map((m) => m.status)).toEqual(sentMessageIds.map(() => 'read'));
    // Every correctly signed delivery was acknowledged: the server never made Meta give up.
    const counters = await control('GET', '/counters');
    expect(counters.webhooksGivenUp).toBe(0);
  });

  it('stores nothing that arrives with a bad signature, however often Meta retries it', async () => {
    const { a, sandbox, control, server } = stack;
    const stranger = newPhone();
    const conversationId = (
      await server.request('GET', `/api/conversations?q=${customers[0]}`, { token: a.owner.token })
    ).body.list[0].id;
    await control('PUT', '/delivery', { ...plainDelivery, badSignature: true });
    const refused: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      refused.push(
        sandbox.inbound({
          from: `+${stranger}`,
          type: 'text',
          text: `forged ${i}`,
          phoneNumberId: a.phoneNumberId,
        } as never).wamid,
      );
    }
    // A send whose statuses come back badly signed: it stays at what the send itself learnt (sent).
    const sent = await server.request('POST', `/api/conversations/${conversationId}`, {
      token: a.owner.token,
      body: { text: 'statuses will be forged' },
    });
    expect(sent.status).toBe(201);
    const givenUpBefore = (await control('GET', '/counters')).webhooksGivenUp;
    await waitFor(
      async () => (await control('GET', '/counters')).webhooksGivenUp >= givenUpBefore + 5,
      'Meta giving up',
      30_000,
    );
    await sandbox.waitForIdle(20_000);
    await control('PUT', '/delivery', { badSignature: false });

    expect(await storedByWamid(refused)).toEqual([]);
    expect(await server.db.select().from(contacts).where(eq(contacts.phone, stranger))).toEqual([]);
    const [answer] = await server.db.select().from(messages).where(eq(messages.id, sent.body.id));
    expect(answer.status).toBe('sent');
    const log = (await control('GET', '/deliveries?limit=2000')) as Array<{
      status: number | null;
      body: string;
      signature: string;
    }>;
    const forged = log.filter((d) => d.signature !== signWebhookBody(d.body, APP_SECRET));
    expect(forged.length).toBeGreaterThanOrEqual(6);
    expect(forged.every((d) => d.status === 401)).toBe(true);
  });

  it('acknowledges a subscribed number that no account owns, storing nothing', async () => {
    const { sandbox, control, server } = stack;
    const signup = sandbox.signup({ codeTtlMs: 30_000 });
    const graph = sandbox.graphBase;
    const exchange = await fetch(
      `${graph}/oauth/access_token?client_id=${FB_APP_ID}&client_secret=${APP_SECRET}&code=${signup.code}`,
    ).then((r) => r.json() as Promise<{ access_token: string }>);
    const subscribed = await fetch(`${graph}/${signup.wabaId}/subscribed_apps`, {
      method: 'POST',
      headers: { authorization: `Bearer ${exchange.access_token}` },
    });
    expect(subscribed.ok).toBe(true);
    const acknowledgedBefore = (await control('GET', '/counters')).webhooksAcknowledged;
    const orphan = newPhone();
    const wamids = [0, 1, 2].map(
      (i) =>
        sandbox.inbound({
          from: `+${orphan}`,
          type: 'text',
          text: `nobody's ${i}`,
          phoneNumberId: signup.phoneNumberId,
        } as never).wamid,
    );
    await sandbox.waitForIdle(10_000);
    expect((await control('GET', '/counters')).webhooksAcknowledged - acknowledgedBefore).toBe(3);
    expect(await storedByWamid(wamids)).toEqual([]);
    expect(await server.db.select().from(contacts).where(eq(contacts.phone, orphan))).toEqual([]);
  });

  /** A new customer's message, as Meta signs and sends it to account a. */
  const customerMessage = (name: string, message: Record<string, unknown>) => {
    const from = newPhone();
    const payload = envelope(
      { phoneNumberId: stack.a.phoneNumberId, wabaId: '100000000000001', displayPhoneNumber: '15550001000' },
      {
        contacts: [{ profile: { name }, wa_id: from }],
        messages: [{ from, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
      },
    );
    return serialiseLikeMeta(payload);
  };
  /** Posts a webhook body signed as Meta signs it; the status the server answered. */
  const deliver = async (body: string) =>
    (
      await stack.server.app.inject({
        method: 'POST',
        url: '/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, APP_SECRET) },
        payload: body,
      })
    ).statusCode;
  /** The stored rows of a wamid in account a, which must be exactly one. */
  const storedOnce = async (wamid: string) => {
    const rows = await stack.server.db
      .select()
      .from(messages)
      .where(and(eq(messages.wamid, wamid), eq(messages.accountId, stack.a.accountId)));
    expect(rows).toHaveLength(1);
    return rows;
  };

  it('keeps a customer text with a NUL character (which PostgreSQL cannot store) instead of failing the delivery', async () => {
    const wamid = `wamid.nul-${crypto.randomBytes(6).toString('hex')}`;
    const body = customerMessage('Nul\u0000Name', { id: wamid, type: 'text', text: { body: 'before\u0000after' } });
    expect(body).toContain('\\u0000');
    // A 5xx here would make Meta redeliver the same message for days.
    expect(await deliver(body)).toBe(200);
    const rows = await storedOnce(wamid);
    expect(rows[0].content.text).toBe('before\uFFFDafter');
  });

  it('keeps a message of a type it does not know, once, as unsupported', async () => {
    const wamid = `wamid.future-${crypto.randomBytes(6).toString('hex')}`;
    const body = customerMessage('Future', { id: wamid, type: 'hologram', hologram: { id: '1', depth: 3 } });
    for (let i = 0; i < 3; i += 1) expect(await deliver(body)).toBe(200);
    const rows = await storedOnce(wamid);
    expect(rows[0]).toMatchObject({ type: 'unsupported', content: { unsupported: { type: 'hologram' } } });
  });
});
