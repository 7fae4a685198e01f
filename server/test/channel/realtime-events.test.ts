import { recordSocket, startChannelStack, waitFor, type ChannelStack, type SocketRecorder } from './channel-helpers';

let stack: ChannelStack;
let owner: SocketRecorder;
let agent: SocketRecorder;
let stranger: SocketRecorder;

beforeAll(async () => {
  stack = await startChannelStack();
  const colleague = await stack.server.createAgent({ accountId: stack.owner.accountId });
  const other = await stack.server.registerAndVerify();
  owner = await recordSocket(stack.server, stack.token);
  agent = await recordSocket(stack.server, await stack.server.login(colleague.email, colleague.password));
  stranger = await recordSocket(stack.server, await stack.server.login(other.email, other.password));
});
afterAll(async () => {
  for (const socket of [owner, agent, stranger]) socket?.close();
  await stack?.close();
});

const forMessage =
  (id: string, predicate: (message: any) => boolean = () => true) =>
  (event: any) =>
    event.message?.id === id && predicate(event.message);

describe('realtime `message` events', () => {
  it('tells every agent of the account about an incoming message, with its conversation, and nobody else', async () => {
    const sent = stack.sandbox.inbound({
      from: '+15558880001',
      name: 'Live Customer',
      type: 'text',
      text: 'Anyone there?',
    } as never);
    const isIt = (event: any) => event.message?.content?.text === 'Anyone there?';
    const event = await owner.waitForEvent(isIt, 'the owner’s event');
    await agent.waitForEvent(isIt, 'the agent’s event');
    expect(event).toMatchObject({
      conversationId: event.conversation.id,
      message: { direction: 'incoming', type: 'text', conversationId: event.conversation.id },
      conversation: {
        status: 'active',
        contact: { phone: '15558880001', profileName: 'Live Customer' },
        lastMessage: { incoming: true },
        canSendFreeForm: true,
      },
    });
    expect(sent.wamid).toBeTruthy();
    await stack.sandbox.waitForIdle();
    expect(stranger.events).toEqual([]);
  });

  it('announces an outgoing message when stored and at each status change, up to read', async () => {
    const { conversationId } = await stack.customerWrites('15558880002', 'Hi');
    const answer = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'Hello from us' });
    const id = answer.body.id;
    await owner.waitForEvent(
      forMessage(id, (m) => m.status === 'pending'),
      'the pending event',
    );
    const read = await agent.waitForEvent(
      forMessage(id, (m) => m.status === 'read'),
      'the read event',
    );
    expect(read.conversation.lastMessage.incoming).toBe(false);
    const statuses = owner.events.filter(forMessage(id)).map((event) => event.message.status);
    expect(statuses).toEqual(expect.arrayContaining(['pending', 'read']));
    await stack.sandbox.waitForIdle();
    expect(stranger.events).toEqual([]);
  });

  it('announces a failure with its code', async () => {
    const { conversationId } = await stack.customerWrites('15558880003', 'Hi');
    await stack.control('POST', '/faults', { code: 131026, recipient: '15558880003', count: 1 });
    const answer = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'Will fail' });
    const failed = await owner.waitForEvent(
      forMessage(answer.body.id, (m) => m.status === 'failed'),
      'the failed event',
    );
    expect(failed.message.error.code).toBe(131026);
  });

  it('announces an incoming file when it is ready', async () => {
    const sent = stack.sandbox.inbound({
      from: '+15558880004',
      name: 'Pics',
      type: 'image',
      caption: 'Receipt',
    } as never);
    const first = await owner.waitForEvent(
      (event) => event.message?.content?.caption === 'Receipt',
      'the image message',
    );
    const ready = await owner.waitForEvent(
      forMessage(first.message.id, (m) => Boolean(m.content.url)),
      'the file-ready event',
    );
    expect(ready.message.content.url).toMatch(new RegExp(`^/api/files/messages/${first.message.id}\\?`));
    expect(sent.wamid).toBeTruthy();
  });

  it('announces a reaction on the reacted message', async () => {
    const { conversationId } = await stack.customerWrites('15558880005', 'Hi');
    const answer = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'React to me' });
    const sentRow = await waitFor(async () => {
      const detail = await stack.api('GET', `/api/conversations/${conversationId}`);
      return detail.body.messages.find((m: any) => m.id === answer.body.id && m.status !== 'pending');
    }, 'the wamid');
    const outbound = await stack.control('GET', '/outbound?to=15558880005');
    stack.sandbox.inbound({
      from: '+15558880005',
      type: 'reaction',
      reaction: { messageId: outbound[0].wamid, emoji: '🎉' },
    } as never);
    const reacted = await owner.waitForEvent(
      forMessage(sentRow.id, (m) => m.reactions.length > 0),
      'the reaction event',
    );
    expect(reacted.message.reactions).toEqual([{ emoji: '🎉', from: '15558880005' }]);
  });
});
