/**
 * Issue 14 (outbound half), against the stricter sandbox:
 *   item 1  inbound media: our own User-Agent, and a download that is not the file (an expired URL's HTML page
 *           served with 200) is never stored as the file;
 *   item 5  read receipts: POST /api/conversations/{id}/read marks the newest incoming message read on WhatsApp,
 *           with the typing indicator, once per message whoever views it;
 *   item 7  Meta's wa_id from a send answer is kept, so the customer's reply lands on the same contact;
 *   item 10 a send Meta refuses carries error_data.details to the message;
 *   item 12 text over 4,096 characters is refused with a clear 400.
 */
import { eq } from 'drizzle-orm';
import { contacts } from '../../src/modules/contacts/schema';
import { ensureConversation } from '../../src/modules/conversations/conversation-updates';
import { messages } from '../../src/modules/conversations/schema';
import { channelTiming } from '../../src/modules/conversations/timing';
import { startChannelStack, waitFor, type ChannelStack } from './channel-helpers';

const savedDownloadBackoff = { ...channelTiming.downloadBackoff };
beforeAll(() => Object.assign(channelTiming.downloadBackoff, { baseMs: 20, maxMs: 40 }));
afterAll(() => Object.assign(channelTiming.downloadBackoff, savedDownloadBackoff));

const messageRow = async (stack: ChannelStack, id: string) =>
  (await stack.server.db.select().from(messages).where(eq(messages.id, id)))[0];

/** Waits for an incoming message (by wamid) to be stored; answers its row. */
const stored = (stack: ChannelStack, wamid: string) =>
  waitFor(async () => {
    const [row] = await stack.server.db.select().from(messages).where(eq(messages.wamid, wamid));
    return row;
  }, `the message ${wamid}`);

describe('with the sandbox as Meta', () => {
  let stack: ChannelStack;
  beforeAll(async () => {
    stack = await startChannelStack();
  });
  afterAll(() => stack?.close());

  it('1: downloads an incoming image with its own User-Agent and stores exactly that file', async () => {
    const sent = stack.sandbox.inbound({ from: '+15557770201', type: 'image', caption: 'the parcel' } as never);
    const mediaId = (sent.payload.image as { id: string }).id;
    const row = await stored(stack, sent.wamid);
    const done = await waitFor(async () => {
      const current = await messageRow(stack, row.id);
      return current.storageKey || current.content.mediaUnavailable ? current : undefined;
    }, 'the download');
    expect(done.content.mediaUnavailable).toBeUndefined();
    const file = await fetch(`${stack.server.url}/api/messages/${row.id}/media`, {
      headers: { authorization: `Bearer ${stack.token}` },
    });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.equals(stack.sandbox.state.media.get(mediaId)!.bytes)).toBe(true);
  });

  it('5: marks the newest incoming message read, with the typing indicator, once whoever views it', async () => {
    const phone = '15557770202';
    const { conversationId } = await stack.customerWrites(phone, 'First question');
    const second = stack.sandbox.inbound({ from: `+${phone}`, type: 'text', text: 'Second question' } as never);
    const newest = await stored(stack, second.wamid);
    const customerMessages = async () => stack.control<any[]>('GET', `/customers/${phone}/messages`);
    const before = (await stack.control('GET', '/counters')).sendRequests;

    const marked = await stack.api('POST', `/api/conversations/${conversationId}/read`);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ markedMessageId: newest.id });
    const seen = await waitFor(async () => {
      const list = await customerMessages();
      return list.every((message) => message.readByBusiness) ? list : undefined;
    }, 'the read receipt at the sandbox');
    expect(seen.find((message) => message.wamid === second.wamid).typingShownAt).toEqual(expect.any(String));

    // Viewed again, and by another member of staff: nothing more is sent.
    const agentToken = (await stack.server.signedInAgent({ accountId: stack.owner.accountId })).token;
    expect((await stack.api('POST', `/api/conversations/${conversationId}/read`)).body).toEqual({
      markedMessageId: null,
    });
    expect((await stack.api('POST', `/api/conversations/${conversationId}/read`, undefined, agentToken)).body).toEqual({
      markedMessageId: null,
    });
    await stack.sandbox.waitForIdle();
    expect((await stack.control('GET', '/counters')).sendRequests - before).toBe(1);

    // A new message from the customer is marked when viewed.
    const third = stack.sandbox.inbound({ from: `+${phone}`, type: 'text', text: 'Third' } as never);
    const latest = await stored(stack, third.wamid);
    expect((await stack.api('POST', `/api/conversations/${conversationId}/read`, undefined, agentToken)).body).toEqual({
      markedMessageId: latest.id,
    });

    const otherToken = (await stack.server.signedInOwner()).token;
    expect((await stack.api('POST', `/api/conversations/${conversationId}/read`, undefined, otherToken)).status).toBe(
      404,
    );
  });

  it("7: keeps Meta's wa_id from the send answer, so the customer's reply lands on the same contact", async () => {
    // Typed with Brazil's ninth digit; WhatsApp knows this account by its 8-digit wa_id.
    const added = await stack.api('POST', '/api/contacts', { name: 'Bruna', phone: '+55 31 98765-4321' });
    expect(added.status).toBe(201);
    const conversation = await stack.server.db.transaction((tx) =>
      ensureConversation(tx, stack.owner.accountId, added.body.id),
    );
    const template = await stack.api('POST', `/api/conversations/${conversation.id}/template`, {
      name: 'hello_world',
      language: 'en_US',
    });
    expect(template.status).toBe(201);
    await waitFor(async () => (await messageRow(stack, template.body.id)).wamid, 'the template to be sent');
    const [contact] = await stack.server.db.select().from(contacts).where(eq(contacts.id, added.body.id));
    expect(contact.waId).toBe('553187654321');

    const reply = stack.sandbox.inbound({ from: '+553187654321', name: 'Bruna', type: 'text', text: 'Oi!' } as never);
    const row = await stored(stack, reply.wamid);
    expect(row.conversationId).toBe(conversation.id);
    const rows = await stack.server.db.select().from(contacts).where(eq(contacts.accountId, stack.owner.accountId));
    expect(rows.filter((candidate) => [candidate.phone, candidate.waId].includes('553187654321'))).toHaveLength(1);
  });

  it('10: a refused send keeps error_data.details for staff', async () => {
    const { conversationId } = await stack.customerWrites('15557770203', 'Send me the parcel picture');
    // A template Meta does not have (a missing parameter is refused by us with 400 before Meta sees it).
    const sent = await stack.api('POST', `/api/conversations/${conversationId}/template`, {
      name: 'parcel_photo',
      language: 'en_US',
    });
    expect(sent.status).toBe(201);
    const failed = await waitFor(async () => {
      const row = await messageRow(stack, sent.body.id);
      return row.status === 'failed' ? row : undefined;
    }, 'the refusal');
    expect(failed.errorCode).toBe('132001');
    const view = (await stack.api('GET', `/api/conversations/${conversationId}`)).body.messages.find(
      (message: any) => message.id === sent.body.id,
    );
    expect(view.error).toEqual({
      code: 132001,
      title: expect.any(String),
      details: 'template name (parcel_photo) does not exist in en_US',
    });
  });

  it('12: refuses text longer than 4,096 characters with a clear 400, and sends 4,096', async () => {
    const { conversationId } = await stack.customerWrites('15557770204', 'Tell me everything');
    const tooLong = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'a'.repeat(4097) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Text is longer than 4096 characters');
    const longest = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'a'.repeat(4096) });
    expect(longest.status).toBe(201);
  });
});

describe('1: when the media URL has expired (an HTML page served with 200)', () => {
  let stack: ChannelStack;
  beforeAll(async () => {
    stack = await startChannelStack({ mediaUrlTtlMs: 0 });
  });
  afterAll(() => stack?.close());

  it('never stores the page as the file: the message says the media is unavailable', async () => {
    const sent = stack.sandbox.inbound({ from: '+15557770301', type: 'image', caption: 'expired' } as never);
    const row = await stored(stack, sent.wamid);
    const done = await waitFor(
      async () => {
        const current = await messageRow(stack, row.id);
        return current.storageKey || current.content.mediaUnavailable ? current : undefined;
      },
      'the download to give up',
      20_000,
    );
    expect(done.storageKey).toBeNull();
    expect(done.content.mediaUnavailable).toBe(true);
  });
});
