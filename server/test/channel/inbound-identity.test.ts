/**
 * Issue 14, inbound: who a customer is. Items 2 (senders without `from`: username users, keyed by user id,
 * merged when the phone becomes known), 7 (Meta's wa_id kept and matched on) and 8 (system: a changed number
 * moves the conversation), plus the other kinds of item 8 and the 24-hour window they do or do not open.
 */
import { envelope } from '../fixtures/whatsapp';
import { recordSendWaId } from '../../src/modules/contacts/service';
import { nowSeconds, startChannelStack, storedMessages, type ChannelStack } from './channel-helpers';

let stack: ChannelStack;
let counter = 0;
const fresh = () => {
  counter += 1;
  const n = `${Date.now() % 1_000_000}${String(counter).padStart(3, '0')}`;
  return { phone: `1556${n}`, userId: `US.9${n}`, wamid: (tag: string) => `wamid.id-${n}-${tag}` };
};

const message = (id: string, fields: Record<string, unknown>, offsetSeconds = 0) => ({
  id,
  timestamp: nowSeconds(offsetSeconds),
  ...fields,
});
const text = (body: string) => ({ type: 'text', text: { body } });

async function deliver(value: Parameters<typeof envelope>[1]) {
  const answer = await stack.postWebhook(envelope({}, value));
  expect(answer.status).toBe(200);
}

async function conversationsOf(q: string) {
  const list = await stack.api('GET', `/api/conversations?q=${encodeURIComponent(q)}`);
  expect(list.status).toBe(200);
  return list.body.list as Array<{ id: string; contact: any; canSendFreeForm: boolean }>;
}

async function messagesOf(conversationId: string) {
  return (await stack.api('GET', `/api/conversations/${conversationId}`)).body.messages as any[];
}

beforeAll(async () => {
  stack = await startChannelStack();
});
afterAll(() => stack?.close());

describe('item 2: a customer with a WhatsApp username and no phone', () => {
  it('stores a message without `from` under a contact keyed by user id, showing username and profile name', async () => {
    const c = fresh();
    await deliver({
      contacts: [{ profile: { name: 'Ana Lima', username: `ana${counter}` }, user_id: c.userId }],
      messages: [message(c.wamid('1'), { from_user_id: c.userId, ...text('Hi, I use a username') })],
    });
    const [conversation] = await conversationsOf(`ana${counter}`);
    expect(conversation.contact).toMatchObject({
      phone: null,
      userId: c.userId,
      username: `ana${counter}`,
      profileName: 'Ana Lima',
    });
    expect((await messagesOf(conversation.id)).map((m) => m.content.text)).toEqual(['Hi, I use a username']);
    expect(conversation.canSendFreeForm).toBe(true);
  });

  it('merges the phone contact and the user-id contact into one when a message names both', async () => {
    const c = fresh();
    await deliver({
      contacts: [{ profile: { name: 'By phone' }, wa_id: c.phone }],
      messages: [message(c.wamid('p'), { from: c.phone, ...text('first, by phone') }, -20)],
    });
    await deliver({
      contacts: [{ profile: { name: 'By id', username: `merge${counter}` }, user_id: c.userId }],
      messages: [message(c.wamid('u'), { from_user_id: c.userId, ...text('second, by user id') }, -10)],
    });
    await deliver({
      contacts: [{ profile: { name: 'Both' }, wa_id: c.phone, user_id: c.userId }],
      messages: [message(c.wamid('b'), { from: c.phone, from_user_id: c.userId, ...text('third, both') })],
    });
    const byPhone = await conversationsOf(c.phone);
    const byUsername = await conversationsOf(`merge${counter}`);
    expect(byPhone).toHaveLength(1);
    expect(byUsername.map((row) => row.id)).toEqual([byPhone[0].id]);
    expect(byPhone[0].contact).toMatchObject({ phone: c.phone, userId: c.userId, username: `merge${counter}` });
    expect((await messagesOf(byPhone[0].id)).map((m) => m.content.text)).toEqual([
      'first, by phone',
      'second, by user id',
      'third, both',
    ]);
    const contacts = (await stack.api('GET', '/api/contacts?limit=100')).body.list as any[];
    expect(contacts.filter((row) => row.phone === c.phone || row.userId === c.userId)).toHaveLength(1);
  });
});

describe('item 7: the wa_id Meta gives is kept and matched on', () => {
  it('puts a reply from the wa_id Meta answered a send with on the contact staff added (no second contact)', async () => {
    const c = fresh();
    const typed = `55119${c.phone.slice(-8)}`; // a Brazilian mobile as staff typed it (with the extra 9)
    const waId = `5511${c.phone.slice(-8)}`; // what Meta answers and later writes from
    const added = await stack.api('POST', '/api/contacts', { name: 'Bruna', phone: `+${typed}`, email: null });
    expect(added.status).toBe(201);
    await recordSendWaId(stack.server.db, stack.owner.accountId, added.body.id, waId);
    await deliver({
      contacts: [{ profile: { name: 'Bruna S.' }, wa_id: waId }],
      messages: [message(c.wamid('r'), { from: waId, ...text('Obrigada!') })],
    });
    const found = await conversationsOf(typed);
    expect(found).toHaveLength(1);
    expect(found[0].contact).toMatchObject({ id: added.body.id, name: 'Bruna', phone: typed });
    const contacts = (await stack.api('GET', '/api/contacts?limit=100')).body.list as any[];
    expect(contacts.filter((row) => row.phone === waId)).toEqual([]);
  });

  it('merges a contact that wrote first from that wa_id into the contact Meta names', async () => {
    const c = fresh();
    const typed = `52155${c.phone.slice(-8)}`;
    const waId = `5255${c.phone.slice(-8)}`;
    await deliver({
      contacts: [{ profile: { name: 'Mateo' }, wa_id: waId }],
      messages: [message(c.wamid('m'), { from: waId, ...text('Hola') })],
    });
    const added = await stack.api('POST', '/api/contacts', { name: 'Mateo G.', phone: `+${typed}`, email: null });
    await recordSendWaId(stack.server.db, stack.owner.accountId, added.body.id, waId);
    const found = await conversationsOf(c.phone.slice(-8));
    expect(found).toHaveLength(1);
    expect(found[0].contact).toMatchObject({ id: added.body.id, name: 'Mateo G.', profileName: 'Mateo' });
    expect((await messagesOf(found[0].id)).map((m) => m.content.text)).toEqual(['Hola']);
  });
});

describe('item 8: system, order, referral, request_welcome, button', () => {
  it('moves the conversation to the new number on user_changed_number and shows the notice', async () => {
    const c = fresh();
    const newNumber = `1557${c.phone.slice(-8)}`;
    await deliver({
      contacts: [{ profile: { name: 'Mover' }, wa_id: c.phone }],
      messages: [message(c.wamid('1'), { from: c.phone, ...text('before the change') }, -5)],
    });
    const [before] = await conversationsOf(c.phone);
    await deliver({
      messages: [
        message(c.wamid('sys'), {
          from: c.phone,
          type: 'system',
          system: {
            body: `User Mover changed from ${c.phone} to ${newNumber}`,
            wa_id: newNumber,
            type: 'user_changed_number',
          },
        }),
      ],
    });
    await deliver({
      contacts: [{ profile: { name: 'Mover' }, wa_id: newNumber }],
      messages: [message(c.wamid('2'), { from: newNumber, ...text('from my new number') }, 5)],
    });
    const after = await conversationsOf(newNumber);
    expect(after.map((row) => row.id)).toEqual([before.id]);
    expect(after[0].contact.phone).toBe(newNumber);
    const shown = await messagesOf(before.id);
    expect(shown.map((m) => m.type)).toEqual(['text', 'system', 'text']);
    expect(shown[1].content.system).toEqual({
      type: 'user_changed_number',
      body: `User Mover changed from ${c.phone} to ${newNumber}`,
      newWaId: newNumber,
    });
  });

  it('stores each kind with its content, never as unsupported, and opens the window only for what the customer wrote', async () => {
    const kinds: Array<[string, Record<string, unknown>, boolean]> = [
      ['request_welcome', { type: 'request_welcome' }, false],
      [
        'system',
        { type: 'system', system: { body: 'Security code changed', type: 'customer_identity_changed' } },
        false,
      ],
      [
        'order',
        {
          type: 'order',
          order: {
            catalog_id: '881',
            product_items: [{ product_retailer_id: 'cake', quantity: 2, item_price: 12.5, currency: 'EUR' }],
          },
        },
        true,
      ],
      ['button', { type: 'button', button: { payload: 'YES', text: 'Yes please' }, context: { id: 'wamid.x' } }, true],
    ];
    for (const [kind, fields, opensWindow] of kinds) {
      const c = fresh();
      await deliver({
        contacts: [{ profile: { name: `Kind ${kind}` }, wa_id: c.phone }],
        messages: [message(c.wamid(kind), { from: c.phone, ...fields })],
      });
      const [conversation] = await conversationsOf(c.phone);
      const [stored] = await messagesOf(conversation.id);
      expect(stored.type).toBe(kind);
      expect(stored.content.unsupported).toBeUndefined();
      expect({ kind, canSendFreeForm: conversation.canSendFreeForm }).toEqual({ kind, canSendFreeForm: opensWindow });
    }
  });

  it('keeps the click-to-WhatsApp referral on the message it came with', async () => {
    const c = fresh();
    await deliver({
      contacts: [{ profile: { name: 'From an ad' }, wa_id: c.phone }],
      messages: [
        message(c.wamid('ad'), {
          from: c.phone,
          ...text('Is this still on?'),
          referral: {
            source_url: 'https://fb.me/spring',
            source_id: '120200',
            source_type: 'ad',
            headline: 'Spring sale',
            body: 'Half price cakes',
            media_type: 'image',
            image_url: 'https://example.test/ad.jpg',
            ctwa_clid: 'ARAkLk',
          },
        }),
      ],
    });
    const [conversation] = await conversationsOf(c.phone);
    const [stored] = await messagesOf(conversation.id);
    expect(stored.content).toMatchObject({
      text: 'Is this still on?',
      referral: {
        headline: 'Spring sale',
        body: 'Half price cakes',
        sourceUrl: 'https://fb.me/spring',
        sourceType: 'ad',
        sourceId: '120200',
        mediaType: 'image',
        imageUrl: 'https://example.test/ad.jpg',
      },
    });
    expect(await storedMessages(stack, { wamid: c.wamid('ad') })).toHaveLength(1);
  });
});

describe('the sandbox’s customers reach the inbox (items 2, 4, 8 end to end)', () => {
  it('a username customer, an order, an echo and a history batch all land in one conversation', async () => {
    counter += 1;
    const username = `sandbox.user${counter}${Date.now() % 10_000}`;
    stack.sandbox.inbound({ username, name: 'Sandy', type: 'text', text: 'Hello from a username' } as never);
    stack.sandbox.inbound({ username, type: 'order' } as never);
    await stack.control('POST', '/echo', { username, text: 'Answer from the phone app' });
    await stack.control('POST', '/history', { username });
    await stack.sandbox.waitForIdle(10_000);
    const [conversation] = await conversationsOf(username);
    expect(conversation.contact).toMatchObject({ phone: null, username, profileName: 'Sandy' });
    const shown = await messagesOf(conversation.id);
    expect(shown.map((m) => [m.type, m.direction, m.sentFrom ?? null])).toEqual([
      ['text', 'incoming', null],
      ['text', 'outgoing', 'phone_app'],
      ['text', 'incoming', null],
      ['text', 'incoming', null],
      ['order', 'incoming', null],
      ['text', 'outgoing', 'phone_app'],
    ]);
  });
});
