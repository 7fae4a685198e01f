/**
 * The channel end to end: a customer in the sandbox says hello; the server stores it once, an agent's socket
 * receives it, the agent's reply reaches the sandbox customer and its status climbs to read.
 */
import { recordSocket, startChannelStack, storedMessages, waitFor, type ChannelStack } from './channel-helpers';

describe('hello, reply, read', () => {
  let stack: ChannelStack;
  beforeAll(async () => {
    stack = await startChannelStack();
  });
  afterAll(() => stack?.close());

  it('goes from the sandbox customer to the agent and back', async () => {
    const agentUser = await stack.server.createAgent({ accountId: stack.owner.accountId });
    const agent = await recordSocket(stack.server, await stack.server.login(agentUser.email, agentUser.password));
    try {
      const hello = stack.sandbox.inbound({ from: '+15550001', name: 'Maria', type: 'text', text: 'Hello!' } as never);
      const event = await agent.waitForEvent(
        (e) => e.message.content.text === 'Hello!',
        'the hello on the agent’s socket',
      );
      expect(await storedMessages(stack, { wamid: hello.wamid })).toHaveLength(1);

      const reply = await stack.api('POST', `/api/conversations/${event.conversationId}`, {
        text: 'Hi Maria, how can we help?',
        replyTo: event.message.id,
      });
      expect(reply.status).toBe(201);
      await agent.waitForEvent(
        (e) => e.message.id === reply.body.id && e.message.status === 'read',
        'the reply to be read',
      );

      const seenByCustomer = await waitFor(async () => {
        const thread = await stack.control<any[]>('GET', '/customers/15550001/messages');
        return thread.find((m) => m.direction === 'outbound' && m.status === 'read');
      }, 'the customer to read the reply');
      expect(seenByCustomer.payload).toMatchObject({
        text: { body: 'Hi Maria, how can we help?' },
        context: { message_id: hello.wamid },
      });
      await stack.sandbox.waitForIdle();
      expect(await stack.control<any[]>('GET', '/outbound?to=15550001')).toHaveLength(1);
      expect(await storedMessages(stack, { wamid: hello.wamid })).toHaveLength(1);
    } finally {
      agent.close();
    }
  });
});
