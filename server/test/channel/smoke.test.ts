import { startChannelStack, waitFor, type ChannelStack } from './channel-helpers';

describe('smoke', () => {
  let stack: ChannelStack;
  beforeAll(async () => {
    stack = await startChannelStack();
  });
  afterAll(() => stack?.close());

  it('hello and reply', async () => {
    const { conversationId } = await stack.customerWrites('15550001', 'Hello there');
    const sent = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'Hi! How can I help?' });
    expect(sent.status).toBe(201);
    const read = await waitFor(async () => {
      const detail = await stack.api('GET', `/api/conversations/${conversationId}`);
      const mine = detail.body.messages.find((m: any) => m.id === sent.body.id);
      return mine?.status === 'read' ? mine : undefined;
    }, 'read');
    expect(read.status).toBe('read');
    const outbound = await stack.control('GET', '/outbound?to=15550001');
    expect(outbound).toHaveLength(1);
  });
});
