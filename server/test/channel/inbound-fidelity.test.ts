/**
 * Issue 14, inbound: how what arrives is kept. Items 3 (WhatsApp's timestamp orders a conversation, stable
 * ties, `before` paging in the same order), 4 (coexistence: phone-app echoes and history batches), 10 (failed
 * details, played, a skipped delivered), 11 (a lone surrogate never fails a webhook or an API call) and 12
 * (an inbound text over 64 KiB is cut with a marker).
 */
import { eq } from 'drizzle-orm';
import { envelope } from '../fixtures/whatsapp';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { recordAcceptedSend } from '../../src/modules/conversations/delivery-status';
import { messages } from '../../src/modules/conversations/schema';
import { CUT_MARKER, MAX_INBOUND_TEXT_BYTES } from '../../src/modules/conversations/stored-text';
import {
  APP_SECRET,
  insertSentMessage,
  nowSeconds,
  startChannelStack,
  storedMessages,
  type ChannelStack,
} from './channel-helpers';

let stack: ChannelStack;
let counter = 0;
const fresh = () => {
  counter += 1;
  const n = `${Date.now() % 1_000_000}${String(counter).padStart(3, '0')}`;
  return { phone: `1558${n}`, wamid: (tag: string | number) => `wamid.fi-${n}-${tag}` };
};
const text = (body: string) => ({ type: 'text', text: { body } });
/** A customer's text, sent at `timestamp` (Unix seconds as a string, as Meta writes it). */
const message = (from: string, id: string, body: string, timestamp = nowSeconds()) => ({
  from,
  id,
  timestamp,
  ...text(body),
});

async function deliver(value: Parameters<typeof envelope>[1], field?: Parameters<typeof envelope>[2]) {
  const answer = await stack.postWebhook(envelope({}, value, field));
  expect(answer.status).toBe(200);
}
async function conversationOf(phone: string) {
  const list = (await stack.api('GET', `/api/conversations?q=${phone}`)).body.list as any[];
  expect(list).toHaveLength(1);
  return list[0];
}
const detail = async (id: string, query = '') => (await stack.api('GET', `/api/conversations/${id}${query}`)).body;
const texts = (messages: any[]) => messages.map((m) => m.content.text);

beforeAll(async () => {
  stack = await startChannelStack();
});
afterAll(() => stack?.close());

describe('item 3: a conversation is in WhatsApp’s order', () => {
  it('orders by WhatsApp’s timestamp whatever order the webhooks arrive in, and pages with `before` the same way', async () => {
    const c = fresh();
    const contacts = [{ profile: { name: 'Burst' }, wa_id: c.phone }];
    // Five messages written 1 s apart, delivered in parallel webhooks in scrambled order. Their times come from
    // one reading of the clock: a second that ends between two readings would make two of them equal.
    const start = Date.now();
    const sentAt = (n: number) => nowSeconds(n - 10, start);
    const order = [4, 1, 5, 2, 3];
    await Promise.all(
      order.map((n) => deliver({ contacts, messages: [message(c.phone, c.wamid(n), `m${n}`, sentAt(n))] })),
    );
    const { id } = await conversationOf(c.phone);
    const all = await detail(id);
    expect(texts(all.messages)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const times = all.messages.map((m: any) => Date.parse(m.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const newest = await detail(id, '?limit=2');
    expect(texts(newest.messages)).toEqual(['m4', 'm5']);
    const older = await detail(id, `?limit=2&before=${newest.messages[0].id}`);
    expect(texts(older.messages)).toEqual(['m2', 'm3']);
    // A redelivery of an early message changes nothing.
    await deliver({ contacts, messages: [message(c.phone, c.wamid(1), 'm1', sentAt(1))] });
    expect(texts((await detail(id)).messages)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('keeps equal timestamps in arrival order and never shows a time in the future', async () => {
    const c = fresh();
    const contacts = [{ profile: { name: 'Ties' }, wa_id: c.phone }];
    const fiveSecondsAgo = nowSeconds(-5);
    await deliver({
      contacts,
      messages: [
        message(c.phone, c.wamid('a'), 'same-1', fiveSecondsAgo),
        message(c.phone, c.wamid('b'), 'same-2', fiveSecondsAgo),
      ],
    });
    await deliver({ contacts, messages: [message(c.phone, c.wamid('f'), 'from the future', nowSeconds(3600))] });
    const { id } = await conversationOf(c.phone);
    const shown = (await detail(id)).messages;
    expect(texts(shown)).toEqual(['same-1', 'same-2', 'from the future']);
    expect(shown[0].timestamp).toBe(shown[1].timestamp);
    expect(Date.parse(shown[2].timestamp)).toBeLessThanOrEqual(Date.now());
  });
});

describe('item 4: coexistence with the WhatsApp Business app', () => {
  it('stores an echo as an outgoing message sent from the phone app, without opening the window', async () => {
    const c = fresh();
    await deliver(
      {
        message_echoes: [
          {
            from: '15550001000',
            to: c.phone,
            id: c.wamid('echo'),
            timestamp: nowSeconds(),
            ...text('Sent from my phone'),
          },
        ],
      },
      'smb_message_echoes',
    );
    const conversation = await conversationOf(c.phone);
    expect(conversation.canSendFreeForm).toBe(false);
    expect(conversation.lastMessage).toMatchObject({ incoming: false });
    const [echo] = (await detail(conversation.id)).messages;
    expect(echo).toMatchObject({
      direction: 'outgoing',
      sentFrom: 'phone_app',
      status: 'sent',
      content: { text: 'Sent from my phone' },
    });
  });

  it('does not double a message Parley sent when its echo arrives', async () => {
    const c = fresh();
    const ours = await insertSentMessage(stack, c.phone, c.wamid('ours'), 'Sent by Parley');
    await deliver(
      {
        message_echoes: [
          { from: '15550001000', to: c.phone, id: c.wamid('ours'), timestamp: nowSeconds(), ...text('Sent by Parley') },
        ],
      },
      'smb_message_echoes',
    );
    const rows = await storedMessages(stack, { conversationId: ours.conversationId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: ours.id, sentFrom: null });
  });

  it('keeps one message when the echo of our send arrives before the send stored its wamid', async () => {
    const c = fresh();
    const ours = await insertSentMessage(stack, c.phone, c.wamid('tmp'), 'Racing');
    await stack.server.db.update(messages).set({ wamid: null, status: 'pending' }).where(eq(messages.id, ours.id));
    await deliver(
      {
        message_echoes: [
          { from: '15550001000', to: c.phone, id: c.wamid('race'), timestamp: nowSeconds(), ...text('Racing') },
        ],
      },
      'smb_message_echoes',
    );
    await stack.server.db.transaction((tx) => recordAcceptedSend(tx, stack.owner.accountId, ours.id, c.wamid('race')));
    const rows = await storedMessages(stack, { conversationId: ours.conversationId });
    expect(rows.map((row) => [row.id, row.wamid, row.status])).toEqual([[ours.id, c.wamid('race'), 'sent']]);
  });

  it('imports a history batch once, both ways, in its own time, without reopening or opening anything', async () => {
    const c = fresh();
    await deliver({
      contacts: [{ profile: { name: 'Regular' }, wa_id: c.phone }],
      messages: [message(c.phone, c.wamid('now'), 'today', nowSeconds(-60))],
    });
    const conversation = await conversationOf(c.phone);
    expect((await stack.api('PUT', `/api/conversations/${conversation.id}/status`, { status: 'closed' })).status).toBe(
      200,
    );
    const history = {
      history: [
        {
          metadata: { phase: 1, chunk_order: 1, progress: 100 },
          threads: [
            {
              id: c.phone,
              messages: [
                {
                  from: c.phone,
                  id: c.wamid('h1'),
                  timestamp: nowSeconds(-86_400 * 3),
                  ...text('old question'),
                  history_context: { status: 'READ' },
                },
                {
                  from: '15550001000',
                  to: c.phone,
                  id: c.wamid('h2'),
                  timestamp: nowSeconds(-86_400 * 3 + 60),
                  ...text('old answer'),
                  history_context: { status: 'DELIVERED' },
                },
              ],
            },
          ],
        },
      ],
    };
    await deliver(history, 'history');
    await deliver(history, 'history');
    const after = await conversationOf(c.phone);
    expect(after.status).toBe('closed');
    expect(after.lastMessage).toEqual(conversation.lastMessage);
    const shown = (await detail(after.id)).messages;
    expect(texts(shown)).toEqual(['old question', 'old answer', 'today']);
    expect(shown[0]).toMatchObject({ direction: 'incoming' });
    expect(shown[1]).toMatchObject({ direction: 'outgoing', sentFrom: 'phone_app', status: 'delivered' });

    // History alone never opens the 24-hour window, even for a message an hour old.
    const d = fresh();
    await deliver(
      {
        history: [
          {
            threads: [{ id: d.phone, messages: [message(d.phone, d.wamid('h'), 'an hour ago', nowSeconds(-3600))] }],
          },
        ],
      },
      'history',
    );
    expect((await conversationOf(d.phone)).canSendFreeForm).toBe(false);
  });
});

describe('item 10: statuses', () => {
  const status = (wamid: string, kind: string, extra: Record<string, unknown> = {}) => ({
    statuses: [{ id: wamid, status: kind, timestamp: nowSeconds(), recipient_id: '1', ...extra }],
  });

  it('keeps the details of a failed status with its code and title', async () => {
    const c = fresh();
    const sent = await insertSentMessage(stack, c.phone, c.wamid('x'));
    await deliver(
      status(c.wamid('x'), 'failed', {
        errors: [
          {
            code: 131049,
            title: 'This message was not delivered to maintain healthy ecosystem engagement.',
            message: 'This message was not delivered to maintain healthy ecosystem engagement.',
            error_data: {
              details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
            },
          },
        ],
      }),
    );
    const shown = (await detail(sent.conversationId)).messages[0];
    expect(shown.status).toBe('failed');
    expect(shown.error).toEqual({
      code: 131049,
      title: 'This message was not delivered to maintain healthy ecosystem engagement.',
      details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
    });
  });

  it('shows a played voice message as read, and a late delivered never moves it back', async () => {
    const c = fresh();
    const sent = await insertSentMessage(stack, c.phone, c.wamid('v'));
    await deliver(status(c.wamid('v'), 'played'));
    expect((await detail(sent.conversationId)).messages[0].status).toBe('read');
    await deliver(status(c.wamid('v'), 'delivered'));
    expect((await detail(sent.conversationId)).messages[0].status).toBe('read');
  });

  it('goes from sent straight to read when delivered is skipped', async () => {
    const c = fresh();
    const sent = await insertSentMessage(stack, c.phone, c.wamid('s'));
    await deliver(status(c.wamid('s'), 'read'));
    await deliver(status(c.wamid('s'), 'sent'));
    expect((await detail(sent.conversationId)).messages[0].status).toBe('read');
  });
});

describe('item 11: text PostgreSQL cannot store', () => {
  it('stores a webhook text with a lone surrogate (U+FFFD in its place) and answers 200, also on redelivery', async () => {
    const c = fresh();
    const raw = JSON.stringify(
      envelope(
        {},
        {
          contacts: [{ profile: { name: 'X' }, wa_id: c.phone }],
          messages: [message(c.phone, c.wamid('s'), 'SURROGATE')],
        },
      ),
    ).replace('SURROGATE', 'half \\ud83d emoji \\u0000 end');
    const post = () => stack.postWebhook(null, { raw, signature: signWebhookBody(raw, APP_SECRET) });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const rows = await storedMessages(stack, { wamid: c.wamid('s') });
    expect(rows).toHaveLength(1);
    expect(rows[0].content.text).toBe('half \uFFFD emoji \uFFFD end');
  });

  it('stores a staff text and a contact name with a lone surrogate instead of failing with 500', async () => {
    const c = fresh();
    await deliver({
      contacts: [{ profile: { name: 'Y' }, wa_id: c.phone }],
      messages: [message(c.phone, c.wamid('t'), 'hello')],
    });
    const { id } = await conversationOf(c.phone);
    const sent = await stack.api('POST', `/api/conversations/${id}`, { text: 'cut emoji \ud83d' });
    expect(sent.status).toBe(201);
    expect(sent.body.content.text).toBe('cut emoji \uFFFD');
    const d = fresh();
    const added = await stack.api('POST', '/api/contacts', { name: 'Zoë \udc00', phone: `+${d.phone}`, email: null });
    expect(added.status).toBe(201);
    expect(added.body.name).toBe('Zoë \uFFFD');
  });
});

describe('item 12: an inbound text over 64 KiB', () => {
  it('is stored cut to 64 KiB with a marker', async () => {
    const c = fresh();
    await deliver({
      contacts: [{ profile: { name: 'Long' }, wa_id: c.phone }],
      messages: [message(c.phone, c.wamid('l'), 'é'.repeat(100_000))],
    });
    const [row] = await storedMessages(stack, { wamid: c.wamid('l') });
    const stored = row.content.text as string;
    expect(stored.endsWith(CUT_MARKER)).toBe(true);
    expect(Buffer.byteLength(stored, 'utf8')).toBeLessThanOrEqual(MAX_INBOUND_TEXT_BYTES);
    expect(stored.startsWith('éééé')).toBe(true);
  });
});
