/**
 * `conversations` batches (docs/api.md, Realtime): a socket whose handshake declares `conversationBatches` gets the
 * `conversation` events of a burst in one frame per staff member; a socket that declares nothing (a browser from
 * before) still gets one `conversation` event per conversation, with the same content. Likewise `messages` frames
 * for a socket that declares `messageBatches`, and one `message` event per message for one that does not.
 */
import type { Socket } from 'socket.io-client';
import { envelope } from '../fixtures/whatsapp';
import { connected, openSocket } from '../helpers/socket';
import { nowSeconds, startChannelStack, waitFor, type ChannelStack } from './channel-helpers';

let stack: ChannelStack;
let agentToken: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startChannelStack();
  const agent = await stack.server.createAgent({ accountId: stack.owner.accountId });
  agentToken = await stack.server.login(agent.email, agent.password);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.close();
});

/** One connection of the agent, recording the events named, once it counts as online. */
async function agentSocket(batches: boolean, token = agentToken, names = ['conversation', 'conversations']) {
  const socket = openSocket(stack.server.url, undefined, {
    auth: batches ? { token, conversationBatches: true, messageBatches: true } : { token },
  });
  sockets.push(socket);
  const received: Array<{ name: string; payload: any }> = [];
  for (const name of names) socket.on(name, (payload: unknown) => received.push({ name, payload }));
  await connected(socket);
  return received;
}

let counter = 0;
/** One webhook POST carrying one text message from each of `count` new customers. */
async function customersWriteAtOnce(count: number) {
  const base = `${Date.now() % 1_000_000}${String((counter += 1)).padStart(2, '0')}`;
  const phones = Array.from({ length: count }, (_, index) => `1557${base}${index}`);
  const answer = await stack.postWebhook(
    envelope(
      {},
      {
        contacts: phones.map((phone) => ({ profile: { name: `Customer ${phone}` }, wa_id: phone })),
        messages: phones.map((phone) => ({
          from: phone,
          id: `wamid.batch-${phone}`,
          timestamp: nowSeconds(),
          type: 'text',
          text: { body: `Hello from ${phone}` },
        })),
      },
    ),
  );
  expect(answer.status).toBe(200);
  return phones;
}

/** The agent's row of the customer's conversation, as the list answers it. */
async function agentRow(phone: string) {
  const list = await stack.api('GET', `/api/conversations?q=${phone}`, undefined, agentToken);
  return list.body.list.find((row: any) => row.contact.phone === phone);
}

describe('`conversations` batches', () => {
  it('carry a burst’s conversations in one frame, the same as the per-conversation events of an older browser', async () => {
    const batched = await agentSocket(true);
    const each = await agentSocket(false);
    const phones = await customersWriteAtOnce(5);
    const ids = await Promise.all(phones.map(async (phone) => (await agentRow(phone)).id as string));

    const seenIn = (conversations: any[]) => ids.every((id) => conversations.some((c) => c.id === id));
    await waitFor(
      async () => seenIn(each.map((event) => event.payload.conversation)) || undefined,
      'the five `conversation` events',
    );
    await waitFor(
      async () => seenIn(batched.flatMap((event) => event.payload.conversations)) || undefined,
      'the batch',
    );

    // One webhook is one commit and one announcement: one frame for all five, where an older browser gets five.
    expect(batched.map((event) => event.name)).toEqual(['conversations']);
    const batch = batched[0].payload;
    expect(batch.conversations.map((c: any) => c.id)).toEqual(ids);
    expect(each.map((event) => event.name)).toEqual(ids.map(() => 'conversation'));
    expect(each.map((event) => event.payload)).toEqual(
      batch.conversations.map((conversation: any) => ({
        conversation,
        counts: batch.counts,
        unreadTotal: batch.unreadTotal,
        archivedReplies: batch.archivedReplies,
      })),
    );

    // What the batch says is what the API says.
    for (const conversation of batch.conversations) expect(conversation.unreadCount).toBe(1);
    const summary = await stack.api('GET', '/api/conversations/summary', undefined, agentToken);
    expect(batch).toMatchObject({
      counts: summary.body.counts,
      unreadTotal: summary.body.unreadTotal,
      archivedReplies: summary.body.archivedReplies,
    });
  });

  it('end with the exact unread state after a burst of webhooks, however the changes were grouped', async () => {
    const batched = await agentSocket(true);
    const bursts = await Promise.all([customersWriteAtOnce(3), customersWriteAtOnce(3), customersWriteAtOnce(3)]);
    const phones = bursts.flat();
    const rows = await Promise.all(phones.map(agentRow));
    const latest = () => {
      const byId = new Map<string, any>();
      for (const { payload } of batched)
        for (const conversation of payload.conversations) byId.set(conversation.id, conversation);
      return byId;
    };
    await waitFor(async () => rows.every((row) => latest().has(row.id)) || undefined, 'every conversation announced');

    for (const row of rows) expect(latest().get(row.id)).toMatchObject({ id: row.id, unreadCount: row.unreadCount });
    const summary = await stack.api('GET', '/api/conversations/summary', undefined, agentToken);
    expect(batched.at(-1)?.payload).toMatchObject({
      counts: summary.body.counts,
      unreadTotal: summary.body.unreadTotal,
    });
    expect(batched.every((event) => event.name === 'conversations')).toBe(true);
  });

  it('tell the reader’s other device of a read', async () => {
    const batched = await agentSocket(true);
    const [phone] = await customersWriteAtOnce(1);
    const { id } = await agentRow(phone);
    await waitFor(
      async () =>
        batched.some((event) => event.payload.conversations.some((c: any) => c.id === id && c.unreadCount === 1)) ||
        undefined,
      'the unread message',
    );
    expect((await stack.api('POST', `/api/conversations/${id}/read`, undefined, agentToken)).status).toBe(200);
    const read = await waitFor(
      async () =>
        batched.find((event) => event.payload.conversations.some((c: any) => c.id === id && c.unreadCount === 0)),
      'the read',
    );
    const summary = await stack.api('GET', '/api/conversations/summary', undefined, agentToken);
    expect(read.payload.unreadTotal).toBe(summary.body.unreadTotal);
  });

  it('give each member their own numbers when they differ', async () => {
    const agent = await agentSocket(true);
    const owner = await agentSocket(true, stack.token);
    const [phone] = await customersWriteAtOnce(1);
    const { id } = await agentRow(phone);
    expect((await stack.api('POST', `/api/conversations/${id}/read`)).status).toBe(200);
    const { conversationId } = await stack.customerWrites(phone, 'And one more thing');
    expect(conversationId).toBe(id);

    const unreadIn = (received: Array<{ payload: any }>, count: number) =>
      received.find(({ payload }) => payload.conversations.some((c: any) => c.id === id && c.unreadCount === count));
    const agentEvent = await waitFor(async () => unreadIn(agent, 2), 'the agent’s unread 2');
    const ownerEvent = await waitFor(async () => unreadIn(owner, 1), 'the owner’s unread 1');
    const summaryOf = async (token?: string) =>
      (await stack.api('GET', '/api/conversations/summary', undefined, token)).body.unreadTotal;
    expect(agentEvent.payload.unreadTotal).toBe(await summaryOf(agentToken));
    expect(ownerEvent.payload.unreadTotal).toBe(await summaryOf());
  });
});

describe('`messages` frames', () => {
  it('carry a burst’s messages in fewer frames, each once and in order, as the `message` events of an older browser', async () => {
    const messageEvents = ['message', 'messages'];
    const batched = await agentSocket(true, agentToken, messageEvents);
    const each = await agentSocket(false, agentToken, messageEvents);
    const phones = await customersWriteAtOnce(5);
    const texts = phones.map((phone) => `Hello from ${phone}`);
    const ours = (events: any[]) => events.filter((event) => texts.includes(event.message.content.text));

    const singles = await waitFor(async () => {
      const events = ours(each.map((event) => event.payload));
      return events.length === texts.length ? events : undefined;
    }, 'the five `message` events');
    const frames = await waitFor(async () => {
      const frames = batched.filter((event) => ours(event.payload).length > 0);
      return ours(frames.flatMap((event) => event.payload)).length === texts.length ? frames : undefined;
    }, 'the five messages in frames');

    expect(each.every((event) => event.name === 'message')).toBe(true);
    expect(batched.every((event) => event.name === 'messages')).toBe(true);
    // One webhook is one commit: its messages are announced together, in one frame.
    expect(frames).toHaveLength(1);
    expect(ours(frames.flatMap((event) => event.payload))).toEqual(singles);
    expect(singles.map((event) => event.message.content.text)).toEqual(texts);
  });
});
