import type { RunningSandbox } from '../sandbox';
import { flowMessage } from '../test-support/flow-message';
import { graph, startSandboxWithoutWebhooks } from '../test-support/webhook-receiver';

describe('inbound messages from the control API', () => {
  let sandbox: RunningSandbox;
  const inbound = (body: unknown) => graph(sandbox.url, 'POST', '/_sandbox/inbound', body, '');

  beforeAll(async () => {
    sandbox = await startSandboxWithoutWebhooks();
  });
  afterAll(() => sandbox.close());

  it('answers a form with nfm_reply: response_json is a string holding the flow_token of the sent flow', async () => {
    const sent = await graph(
      sandbox.graphBase,
      'POST',
      `/${sandbox.seeded.phoneNumberId}/messages`,
      flowMessage('15550003', sandbox.seeded.flowIds.bookAppointment, 'Book', 'conv-42'),
    );
    const answer = await inbound({
      from: '+15550003',
      type: 'nfm_reply',
      interactive: { type: 'nfm_reply', response: { full_name: 'Ana', date: '2026-01-02' } },
    });
    expect(answer.status).toBe(201);
    const message = answer.body.message;
    expect(message.context).toEqual({ from: '15550001000', id: sent.body.messages[0].id });
    expect(message.interactive.type).toBe('nfm_reply');
    expect(message.interactive.nfm_reply.body).toBe('Sent');
    expect(message.interactive.nfm_reply.name).toBe('flow');
    expect(typeof message.interactive.nfm_reply.response_json).toBe('string');
    expect(JSON.parse(message.interactive.nfm_reply.response_json)).toEqual({
      flow_token: 'conv-42',
      full_name: 'Ana',
      date: '2026-01-02',
    });
  });

  it('removes a reaction by omitting emoji', async () => {
    const target = sandbox.inbound({ from: '+15550004', type: 'text', text: 'x' });
    const added = await inbound({
      from: '+15550004',
      type: 'reaction',
      reaction: { messageId: target.wamid, emoji: '👍' },
    });
    expect(added.body.message.reaction).toEqual({ message_id: target.wamid, emoji: '👍' });
    const removed = await inbound({ from: '+15550004', type: 'reaction', reaction: { messageId: target.wamid } });
    expect(removed.body.message.reaction).toEqual({ message_id: target.wamid });
  });

  it.each([
    [
      { type: 'voice' },
      (m: any) => expect(m.audio).toMatchObject({ voice: true, mime_type: 'audio/ogg; codecs=opus' }),
    ],
    [
      { type: 'document', caption: 'invoice' },
      (m: any) =>
        expect(m.document).toMatchObject({ filename: 'sample.pdf', caption: 'invoice', mime_type: 'application/pdf' }),
    ],
    [{ type: 'sticker' }, (m: any) => expect(m.sticker).toMatchObject({ mime_type: 'image/webp', animated: false })],
    [
      { type: 'location', location: { latitude: 38.7, longitude: -9.1, name: 'Lisbon' } },
      (m: any) => expect(m.location).toEqual({ latitude: 38.7, longitude: -9.1, name: 'Lisbon' }),
    ],
    [
      { type: 'contacts', contacts: [{ name: { formatted_name: 'Bo' }, phones: [{ phone: '+1555', type: 'CELL' }] }] },
      (m: any) => expect(m.contacts[0].name.formatted_name).toBe('Bo'),
    ],
    [
      { type: 'button_reply', interactive: { type: 'button_reply', id: 'yes', title: 'Yes' } },
      (m: any) => expect(m.interactive).toEqual({ type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } }),
    ],
    [
      { type: 'list_reply', interactive: { type: 'list_reply', id: 'r1', title: 'Row', description: 'd' } },
      (m: any) => expect(m.interactive.list_reply).toEqual({ id: 'r1', title: 'Row', description: 'd' }),
    ],
    [
      { type: 'button', button: { payload: 'P', text: 'Yes, please' } },
      (m: any) => expect(m.button).toEqual({ payload: 'P', text: 'Yes, please' }),
    ],
    [{ type: 'unsupported' }, (m: any) => expect(m.errors[0].code).toBe(131051)],
  ])('builds %j like Meta', async (body, check) => {
    const answer = await inbound({ from: '+15550005', ...body });
    expect(answer.status).toBe(201);
    check(answer.body.message);
  });

  it('quotes with context {from, id} and refuses bad bodies with a message', async () => {
    const first = sandbox.inbound({ from: '+15550006', type: 'text', text: 'first' });
    const reply = await inbound({ from: '+15550006', type: 'text', text: 'second', context: { id: first.wamid } });
    expect(reply.body.message.context).toEqual({ from: '15550006', id: first.wamid });
    const bad = await inbound({ from: 'abc', type: 'text', text: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/phone number/);
  });

  it('lists what the business sent a customer, with the status it reached', async () => {
    // Within the customer's 24-hour window, so the free-form send is delivered.
    sandbox.state.upsertCustomer('15550007').lastInboundAt = Date.now();
    const sent = await graph(sandbox.graphBase, 'POST', `/${sandbox.seeded.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: '15550007',
      text: { body: 'hello' },
    });
    await sandbox.waitForIdle();
    const list = await graph(sandbox.url, 'GET', '/_sandbox/outbound?to=%2B15550007', undefined, '');
    expect(list.body).toEqual([
      expect.objectContaining({ wamid: sent.body.messages[0].id, status: 'read', type: 'text' }),
    ]);
  });
});
