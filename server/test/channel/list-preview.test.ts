import { inboundWebhook } from '../fixtures/whatsapp';
import {
  nowSeconds,
  recordSocket,
  startChannelStack,
  waitFor,
  type ChannelStack,
  type SocketRecorder,
} from './channel-helpers';

let stack: ChannelStack;
let socket: SocketRecorder;
const conversationEvents: any[] = [];
let counter = 0;
const uniquePhone = () => {
  counter += 1;
  return `1667${String(Date.now()).slice(-6)}${String(counter).padStart(3, '0')}`;
};

/** A customer sends one message of the given kind (the fixtures' image has the caption "My receipt"). */
async function customerSends(phone: string, kind: 'text' | 'image' | 'video', name: string, text?: string) {
  const wamid = `wamid.preview-${phone}-${Date.now()}-${Math.random()}`;
  const payload = inboundWebhook(kind, { from: phone, wamid, profileName: name, timestamp: nowSeconds() });
  if (text) (payload as any).entry[0].changes[0].value.messages[0].text.body = text;
  expect((await stack.postWebhook(payload)).status).toBe(200);
}

const listed = async (customer: string) => {
  const answer = await stack.api<{ list: any[] }>('GET', `/api/conversations?customer=${customer}`);
  expect(answer.status).toBe(200);
  return answer.body.list;
};
const summary = async () => {
  const answer = await stack.api<any>('GET', '/api/conversations/summary');
  expect(answer.status).toBe(200);
  return answer.body as { counts: Record<string, number>; unreadTotal: number; archivedReplies: number };
};
const setStatus = async (id: string, status: string) =>
  expect((await stack.api('PUT', `/api/conversations/${id}/status`, { status })).status).toBe(200);

beforeAll(async () => {
  stack = await startChannelStack();
  socket = await recordSocket(stack.server, stack.token);
  socket.socket.on('conversation', (event: unknown) => conversationEvents.push(event));
});
afterAll(async () => {
  socket?.close();
  await stack?.close();
});

describe('GET /api/conversations: the last message in short', () => {
  it('is the start of its text or caption, else its type, ours as well as the customer’s', async () => {
    const tag = `Preview${Date.now()}`;
    const long = `${'Hello there, '.repeat(6)}end`;
    await customerSends(uniquePhone(), 'text', `${tag} Text`, long);
    const captioned = uniquePhone();
    await customerSends(captioned, 'text', `${tag} Image`, 'First');
    await customerSends(captioned, 'image', `${tag} Image`);
    await customerSends(uniquePhone(), 'video', `${tag} Video`);
    const answered = uniquePhone();
    await customerSends(answered, 'text', `${tag} Answered`, 'Question?');

    const before = await listed(tag);
    const toAnswer = before.find((row) => row.contact.profileName === `${tag} Answered`);
    expect((await stack.api('POST', `/api/conversations/${toAnswer.id}`, { text: 'Our answer' })).status).toBe(201);

    const rows = await listed(tag);
    const byName = Object.fromEntries(rows.map((row) => [row.contact.profileName, row.lastMessage]));
    expect(byName[`${tag} Text`]).toMatchObject({ incoming: true, preview: Array.from(long).slice(0, 50).join('') });
    expect(byName[`${tag} Image`]).toMatchObject({ incoming: true, preview: 'My receipt', type: 'image' });
    expect(byName[`${tag} Video`]).toMatchObject({ incoming: true, preview: 'Video', type: 'video' });
    expect(byName[`${tag} Answered`]).toMatchObject({ incoming: false, preview: 'Our answer' });
  });
});

describe('GET /api/conversations/summary: archived conversations with a customer’s reply', () => {
  it('counts them until a status change, and the conversation event carries the same count', async () => {
    const tag = `Replied${Date.now()}`;
    const phone = uniquePhone();
    await customerSends(phone, 'text', tag, 'Thanks, bye');
    const [row] = await listed(tag);
    const start = await summary();

    await setStatus(row.id, 'archived');
    expect((await summary()).archivedReplies).toBe(start.archivedReplies);

    await customerSends(phone, 'text', tag, 'One more thing');
    const replied = await summary();
    expect(replied.archivedReplies).toBe(start.archivedReplies + 1);
    expect(replied.counts.archived).toBe(start.counts.archived + 1);
    const event = await waitFor(
      async () =>
        conversationEvents.find((item) => item.conversation.id === row.id && item.conversation.archivedReplyAt),
      'the conversation event of the reply into the archived conversation',
    );
    expect(event.archivedReplies).toBe(start.archivedReplies + 1);

    await setStatus(row.id, 'active');
    expect((await summary()).archivedReplies).toBe(start.archivedReplies);
  });
});
