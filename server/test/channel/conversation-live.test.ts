/**
 * Issue 16: the `conversation` event reaches every other staff member after close/archive/reopen and after a
 * customer writes; unread state lives on the server per staff member; archived replies are flagged; replies carry
 * the quoted message.
 */
import type { Socket } from 'socket.io-client';
import { recordEvents, startChannelStack, waitFor, type ChannelStack } from './channel-helpers';

let stack: ChannelStack;
let agentToken: string;
const sockets: Socket[] = [];

/** Records the `conversation` events of one connection, once it counts as online. */
const listen = (token: string) => recordEvents(stack.server, token, ['conversation'], sockets);

beforeAll(async () => {
  stack = await startChannelStack();
  const agent = await stack.server.signedInAgent({ accountId: stack.owner.accountId });
  agentToken = agent.token;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.close();
});

const ofConversation = (id: string, predicate: (event: any) => boolean) => (event: any) =>
  event.conversation?.id === id && predicate(event);

describe('the `conversation` event', () => {
  it('tells the other staff member when a conversation is closed, archived and reopened, with the tab counts', async () => {
    const agent = await listen(agentToken);
    const { conversationId } = await stack.customerWrites('15557770001', 'Please close me');

    for (const status of ['closed', 'archived', 'active'] as const) {
      const answer = await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status });
      expect(answer.status).toBe(200);
      const event = await agent.waitFor(
        'conversation',
        ofConversation(conversationId, (e) => e.conversation.status === status),
        `the agent's ${status} event`,
      );
      expect(event.counts[status]).toBeGreaterThanOrEqual(1);
      const summary = await stack.api('GET', '/api/conversations/summary', undefined, agentToken);
      expect(summary.body.counts).toEqual(event.counts);
    }
  });

  it('never reaches another account', async () => {
    const other = await stack.server.registerAndVerify();
    const stranger = await listen(await stack.server.login(other.email, other.password));
    const agent = await listen(agentToken);
    const { conversationId } = await stack.customerWrites('15557770002', 'Only for us');
    await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status: 'closed' });
    await agent.waitFor(
      'conversation',
      ofConversation(conversationId, (e) => e.conversation.status === 'closed'),
      'the close',
    );
    expect(stranger.events).toEqual([]);
  });
});

describe('unread state per staff member', () => {
  it('counts a customer’s messages as unread for each staff member until they open the conversation', async () => {
    const agent = await listen(agentToken);
    const { conversationId } = await stack.customerWrites('15557770003', 'First');
    const agentEvent = await agent.waitFor(
      'conversation',
      ofConversation(conversationId, (e) => e.conversation.unreadCount === 1),
      'the agent’s unread 1',
    );
    expect(agentEvent.unreadTotal).toBeGreaterThanOrEqual(1);

    const rowOf = async (token?: string) =>
      (await stack.api('GET', '/api/conversations?q=15557770003', undefined, token)).body.list[0];
    expect((await rowOf()).unreadCount).toBe(1);
    expect((await rowOf(agentToken)).unreadCount).toBe(1);

    // The owner opens it on one device; their second device hears it, the agent's count stays.
    const ownerSecondDevice = await listen(stack.token);
    const ownerTotalBefore = (await stack.api('GET', '/api/conversations/summary')).body.unreadTotal;
    expect((await stack.api('POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);
    await ownerSecondDevice.waitFor(
      'conversation',
      ofConversation(conversationId, (e) => e.conversation.unreadCount === 0),
      'the owner’s read on the second device',
    );
    expect((await rowOf()).unreadCount).toBe(0);
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.unreadCount).toBe(0);
    expect((await stack.api('GET', '/api/conversations/summary')).body.unreadTotal).toBe(ownerTotalBefore - 1);
    expect((await rowOf(agentToken)).unreadCount).toBe(1);

    // A new message is unread again for the owner (a reload keeps it: it is the server's).
    await stack.customerWrites('15557770003', 'Second');
    expect((await rowOf()).unreadCount).toBe(1);
    expect((await rowOf(agentToken)).unreadCount).toBe(2);
  });

  it('counts for a staff member who joined later only what arrived after, alike in the event and the summary', async () => {
    const { conversationId } = await stack.customerWrites('15557770006', 'Before you joined');
    const lateToken = (await stack.server.signedInAgent({ accountId: stack.owner.accountId })).token;
    const rowOf = async () =>
      (await stack.api('GET', '/api/conversations?q=15557770006', undefined, lateToken)).body.list[0];
    expect((await rowOf()).unreadCount).toBe(0);
    expect((await stack.api('GET', '/api/conversations/summary', undefined, lateToken)).body.unreadTotal).toBe(0);

    const lateAgent = await listen(lateToken);
    await stack.customerWrites('15557770006', 'After you joined');
    const event = await lateAgent.waitFor(
      'conversation',
      ofConversation(conversationId, (e) => e.conversation.unreadCount === 1),
      'the late agent’s unread 1',
    );
    expect(event.unreadTotal).toBe(1);
    expect((await stack.api('GET', '/api/conversations/summary', undefined, lateToken)).body.unreadTotal).toBe(1);
    expect((await rowOf()).unreadCount).toBe(1);
  });
});

describe('a customer writing into an archived conversation', () => {
  it('keeps it archived with a badge until it is reopened', async () => {
    const { conversationId } = await stack.customerWrites('15557770004', 'Hello');
    await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status: 'archived' });
    const agent = await listen(agentToken);
    await stack.customerWrites('15557770004', 'Are you there?');
    const event = await agent.waitFor(
      'conversation',
      ofConversation(conversationId, (e) => e.conversation.archivedReplyAt !== null),
      'the archived reply',
    );
    expect(event.conversation.status).toBe('archived');

    const reopened = await stack.api('PUT', `/api/conversations/${conversationId}/status`, { status: 'active' });
    expect(reopened.body).toMatchObject({ status: 'active', archivedReplyAt: null });
  });
});

describe('replyTo', () => {
  it('carries the quoted message, so a quote of a message not loaded shows its text', async () => {
    const { conversationId } = await stack.customerWrites('15557770005', 'Which sizes do you have for the blue one?');
    const detail = await stack.api('GET', `/api/conversations/${conversationId}`);
    const quoted = detail.body.messages.at(-1);
    const sent = await stack.api('POST', `/api/conversations/${conversationId}`, {
      text: 'S, M and L',
      replyTo: quoted.id,
    });
    expect(sent.status).toBe(201);
    const after = await stack.api('GET', `/api/conversations/${conversationId}`);
    expect(after.body.messages.find((m: any) => m.id === sent.body.id)).toMatchObject({
      replyTo: quoted.id,
      replyToMessage: {
        id: quoted.id,
        type: 'text',
        direction: 'incoming',
        text: 'Which sizes do you have for the blue one?',
      },
    });
    // Only the reply's own page: a page that holds just the reply still carries the quote.
    const onlyReply = await stack.api('GET', `/api/conversations/${conversationId}?limit=1`);
    expect(onlyReply.body.messages[0].replyToMessage.text).toBe('Which sizes do you have for the blue one?');
  });
});

describe('templates with variables', () => {
  const outboundTo = (phone: string) => stack.control<any[]>('GET', `/outbound?to=${phone}`);

  it('lists each template’s parameters with Meta’s example values', async () => {
    const templates = await stack.api('GET', '/api/account/templates');
    const reminder = templates.body.find((t: any) => t.name === 'appointment_reminder');
    expect(reminder.parameters).toEqual({
      body: [
        { name: '1', example: 'Ana' },
        { name: '2', example: 'Monday at 10:00' },
      ],
      buttons: [],
    });
    const shipped = templates.body.find((t: any) => t.name === 'order_shipped');
    expect(shipped.parameters.header).toEqual({ format: 'IMAGE', example: 'https://example.com/parcel.png' });
  });

  it('refuses a send with missing parameters with a clear 400 and sends nothing', async () => {
    const { conversationId } = await stack.customerWrites('15557770006', 'When is my appointment?');
    const refused = await stack.api('POST', `/api/conversations/${conversationId}/template`, {
      name: 'appointment_reminder',
      language: 'en_US',
      parameters: { body: { '1': 'Ana' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Template parameters missing: body {{2}}');
    const detail = await stack.api('GET', `/api/conversations/${conversationId}`);
    expect(detail.body.messages.filter((m: any) => m.type === 'template')).toEqual([]);
  });

  it('builds components[].parameters from the filled values, and Meta accepts the send', async () => {
    const { conversationId } = await stack.customerWrites('15557770007', 'Where is my parcel?');
    const sent = await stack.api('POST', `/api/conversations/${conversationId}/template`, {
      name: 'order_shipped',
      language: 'en_US',
      parameters: { header: 'https://cdn.example.com/parcel.png', body: { '1': 'Bruno' } },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.content.text).toBe('Good news, Bruno: your order is on its way.');
    const [payload] = await waitFor(async () => {
      const outbound = await outboundTo('15557770007');
      return outbound.length > 0 ? outbound.map((entry) => entry.payload) : undefined;
    }, 'the template at the sandbox');
    expect(payload.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/parcel.png' } }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Bruno' }] },
    ]);
    const settled = await waitFor(async () => {
      const detail = await stack.api('GET', `/api/conversations/${conversationId}`);
      const message = detail.body.messages.find((m: any) => m.id === sent.body.id);
      return message.status !== 'pending' ? message : undefined;
    }, 'the template to settle');
    expect(settled.error).toBeNull();
  });
});
