import { createHmac } from 'node:crypto';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { fastTestOptions, graph, startReceiver } from '../test-support/webhook-receiver';

const secret = 'test-app-secret';

describe('webhook delivery', () => {
  let sandbox: RunningSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let answers: number[];

  beforeEach(async () => {
    answers = [];
    receiver = await startReceiver((attempt) => answers[attempt - 1] ?? 200);
    sandbox = await startSandbox({ ...fastTestOptions, appSecret: secret, webhookUrl: receiver.url });
  });
  afterEach(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('posts an inbound message in Meta envelope, non-ASCII escaped, signed over those exact bytes', async () => {
    sandbox.inbound({ from: '+15550001', name: 'Zoë', type: 'text', text: 'Olá 👋' });
    const [webhook] = await receiver.waitFor(1);
    const raw = webhook.raw.toString('utf8');
    expect(raw).toContain('Zo\\u00eb');
    expect(raw).toContain('Ol\\u00e1 \\ud83d\\udc4b');
    expect([...raw].every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
    expect(webhook.signature).toBe(`sha256=${createHmac('sha256', secret).update(webhook.raw).digest('hex')}`);
    const { entry } = webhook.body;
    expect(webhook.body.object).toBe('whatsapp_business_account');
    expect(entry[0].id).toBe(sandbox.seeded.wabaId);
    const value = entry[0].changes[0].value;
    expect(entry[0].changes[0].field).toBe('messages');
    expect(value.metadata).toEqual({ display_phone_number: '15550001000', phone_number_id: '100000000000002' });
    expect(value.contacts).toEqual([{ profile: { name: 'Zoë' }, wa_id: '15550001' }]);
    expect(value.messages[0]).toMatchObject({ from: '15550001', type: 'text', text: { body: 'Olá 👋' } });
    expect(typeof value.messages[0].timestamp).toBe('string');
    expect(value.messages[0].id).toMatch(/^wamid\./);
  });

  it('redelivers the identical bytes until the receiver answers exactly 200 (500 and 204 do not count)', async () => {
    answers = [500, 204, 201, 200];
    sandbox.inbound({ from: '+15550001', type: 'text', text: 'retry me' });
    const received = await receiver.waitFor(4);
    await sandbox.waitForIdle();
    expect(received).toHaveLength(4);
    expect(new Set(received.map((webhook) => webhook.raw.toString())).size).toBe(1);
    const log = sandbox.state.deliveryLog;
    expect(log.map((attempt) => [attempt.attempt, attempt.status, attempt.outcome])).toEqual([
      [1, 500, 'will-retry'],
      [2, 204, 'will-retry'],
      [3, 201, 'will-retry'],
      [4, 200, 'acknowledged'],
    ]);
  });

  it('gives up after the configured number of attempts, also on network errors', async () => {
    const closed = await startReceiver();
    const deadUrl = closed.url;
    await closed.close();
    await graph(sandbox.url, 'PUT', '/_sandbox/delivery', { webhookUrl: deadUrl }, '');
    sandbox.inbound({ from: '+15550001', type: 'text', text: 'nobody home' });
    await sandbox.waitForIdle();
    const log = sandbox.state.deliveryLog;
    expect(log).toHaveLength(4);
    expect(log.every((attempt) => attempt.status === null && attempt.error)).toBe(true);
    expect(log[3].outcome).toBe('gave-up');
    expect(sandbox.state.counters.webhooksGivenUp).toBe(1);
  });

  it('drives a send through sent, delivered and read', async () => {
    // The customer wrote within 24 hours (without a webhook of its own), so the free-form send is delivered.
    sandbox.state.upsertCustomer('15550001').lastInboundAt = Date.now();
    const sent = await graph(sandbox.graphBase, 'POST', `/${sandbox.seeded.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: '15550001',
      type: 'text',
      text: { body: 'hi' },
    });
    expect(sent.status).toBe(200);
    await receiver.waitFor(3);
    const wamid = sent.body.messages[0].id;
    // The sandbox posts them in that order (after the send's own `accepted`), each as a POST of its own, 20 ms
    // apart. Meta guarantees no order between webhooks (its "Webhooks" page; docs/whatsapp.md: statuses arriving
    // out of order), and a busy machine can hand the receiver a later one first, so the order checked is the
    // sandbox's record of what it posted.
    expect(sandbox.state.findMessage(wamid)?.statuses.map((record) => record.status)).toEqual([
      'accepted',
      'sent',
      'delivered',
      'read',
    ]);
    expect(
      receiver
        .statuses()
        .map((status) => [status.id, status.status])
        .sort(),
    ).toEqual([
      [wamid, 'delivered'],
      [wamid, 'read'],
      [wamid, 'sent'],
    ]);
    expect(receiver.received[0].body.entry[0].changes[0].value.contacts).toBeUndefined();
  });

  it('duplicates every webhook on demand, with identical bytes and signature', async () => {
    await graph(sandbox.url, 'PUT', '/_sandbox/delivery', { duplicate: true }, '');
    sandbox.inbound({ from: '+15550001', type: 'text', text: 'twice' });
    const [first, second] = await receiver.waitFor(2);
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.signature).toBe(first.signature);
  });

  it('redelivers a past delivery through the control API', async () => {
    sandbox.inbound({ from: '+15550001', type: 'text', text: 'again' });
    await receiver.waitFor(1);
    // The receiver sees the POST before the sandbox has logged its answer.
    await sandbox.waitForIdle();
    const again = await graph(
      sandbox.url,
      'POST',
      `/_sandbox/deliveries/${sandbox.state.deliveryLog[0].deliveryId}/redeliver`,
      {},
      '',
    );
    expect(again.status).toBe(202);
    const [first, second] = await receiver.waitFor(2);
    expect(second.raw.equals(first.raw)).toBe(true);
  });

  it('reverses status order on demand (read before delivered before sent)', async () => {
    await graph(sandbox.url, 'PUT', '/_sandbox/delivery', { reverseStatuses: true }, '');
    sandbox.state.upsertCustomer('15550001').lastInboundAt = Date.now();
    await graph(sandbox.graphBase, 'POST', `/${sandbox.seeded.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: '15550001',
      text: { body: 'hi' },
    });
    await receiver.waitFor(3);
    // Posted in that order, as three POSTs at once: the receiver gets all three, in whatever order they arrive.
    const [{ id: wamid }] = receiver.statuses();
    expect(sandbox.state.findMessage(wamid)?.statuses.map((record) => record.status)).toEqual([
      'accepted',
      'read',
      'delivered',
      'sent',
    ]);
    expect(
      receiver
        .statuses()
        .map((status) => status.status)
        .sort(),
    ).toEqual(['delivered', 'read', 'sent']);
  });

  it('batches several messages into one POST when asked', async () => {
    await graph(sandbox.url, 'PUT', '/_sandbox/delivery', { batch: true }, '');
    sandbox.inbound({ from: '+15550001', name: 'Ana', type: 'text', text: 'one' });
    sandbox.inbound({ from: '+15550002', name: 'Bo', type: 'text', text: 'two' });
    sandbox.inbound({ from: '+15550001', name: 'Ana', type: 'text', text: 'three' });
    const [webhook] = await receiver.waitFor(1);
    await sandbox.waitForIdle();
    expect(receiver.received).toHaveLength(1);
    const value = webhook.body.entry[0].changes[0].value;
    expect(value.messages.map((message: { text: { body: string } }) => message.text.body)).toEqual([
      'one',
      'two',
      'three',
    ]);
    expect(value.contacts.map((contact: { wa_id: string }) => contact.wa_id)).toEqual(['15550001', '15550002']);
  });

  it('signs with a wrong secret when asked', async () => {
    await graph(sandbox.url, 'PUT', '/_sandbox/delivery', { badSignature: true }, '');
    sandbox.inbound({ from: '+15550001', type: 'text', text: 'forged' });
    const [webhook] = await receiver.waitFor(1);
    expect(webhook.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(webhook.signature).not.toBe(`sha256=${createHmac('sha256', secret).update(webhook.raw).digest('hex')}`);
  });

  it('does not deliver for a WABA that has not subscribed the app', async () => {
    await graph(sandbox.graphBase, 'DELETE', `/${sandbox.seeded.wabaId}/subscribed_apps`);
    sandbox.inbound({ from: '+15550001', type: 'text', text: 'lost' });
    await sandbox.waitForIdle();
    expect(receiver.received).toHaveLength(0);
    expect(sandbox.state.deliveryLog[0].outcome).toBe('not-subscribed');
  });
});
