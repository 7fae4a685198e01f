/** The customer-side payloads of issue 14, in Meta's documented shapes, as the webhook receives them. */
import { run } from '../cli';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { fastTestOptions, graph, startReceiver } from '../test-support/webhook-receiver';
import { userIdForUsername } from './identity';

describe('customer side: usernames, new kinds, coexistence, statuses', () => {
  let sandbox: RunningSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const control = (path: string, body: unknown) => graph(sandbox.url, 'POST', `/_sandbox${path}`, body, '');
  const changes = () =>
    receiver.received.flatMap((webhook) => webhook.body.entry.flatMap((entry: any) => entry.changes));

  beforeEach(async () => {
    receiver = await startReceiver();
    sandbox = await startSandbox({ ...fastTestOptions, webhookUrl: receiver.url });
  });
  afterEach(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('sends a username customer without `from`: from_user_id, contacts[].user_id and profile.username', async () => {
    const answer = await control('/inbound', { username: '@ana.lima', name: 'Ana', type: 'text', text: 'Hi' });
    expect(answer.status).toBe(201);
    const [change] = (await receiver.waitFor(1)) && changes();
    const userId = userIdForUsername('ana.lima');
    expect(userId).toMatch(/^US\.\d{19}$/);
    expect(change.field).toBe('messages');
    expect(change.value.contacts).toEqual([{ profile: { name: 'Ana', username: 'ana.lima' }, user_id: userId }]);
    expect(change.value.messages[0]).not.toHaveProperty('from');
    expect(change.value.messages[0]).toMatchObject({ from_user_id: userId, type: 'text', text: { body: 'Hi' } });
  });

  it('refuses a customer with neither phone nor username', async () => {
    const answer = await control('/inbound', { type: 'text', text: 'Hi' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/username/);
  });

  it('sends order, request_welcome, a referral and system (without contacts), then writes from the new number', async () => {
    await control('/inbound', { from: '+15550071', type: 'order', order: { text: 'for tonight' } });
    await control('/inbound', { from: '+15550071', type: 'request_welcome' });
    await control('/inbound', { from: '+15550071', type: 'text', text: 'Saw your ad', referral: true });
    await control('/inbound', { from: '+15550071', name: 'Rui', type: 'system', system: { newPhone: '+15550072' } });
    await control('/inbound', { from: '+15550072', type: 'text', text: 'new number' });
    await receiver.waitFor(5);
    const values = changes().map((change: any) => change.value);
    const [order, welcome, ad, system, after] = values.map((value: any) => value.messages[0]);
    expect(order).toMatchObject({
      type: 'order',
      order: {
        catalog_id: expect.any(String),
        text: 'for tonight',
        product_items: [
          { product_retailer_id: 'cake-choc', quantity: 2, item_price: 12.5, currency: 'EUR' },
          { product_retailer_id: 'coffee', quantity: 1, item_price: 3, currency: 'EUR' },
        ],
      },
    });
    expect(Object.keys(welcome).sort()).toEqual(['from', 'id', 'timestamp', 'type']);
    expect(welcome.type).toBe('request_welcome');
    expect(ad.referral).toMatchObject({
      source_type: 'ad',
      source_url: expect.any(String),
      source_id: expect.any(String),
      headline: expect.any(String),
      body: expect.any(String),
      media_type: 'image',
      image_url: expect.any(String),
      ctwa_clid: expect.any(String),
    });
    expect(values[3]).not.toHaveProperty('contacts');
    expect(system).toMatchObject({
      from: '15550071',
      type: 'system',
      system: { body: 'User Rui changed from 15550071 to 15550072', wa_id: '15550072', type: 'user_changed_number' },
    });
    expect(after.from).toBe('15550072');
    expect(values[4].contacts[0]).toEqual({ profile: { name: 'Rui' }, wa_id: '15550072' });
  });

  it('echoes a business reply from the phone app on the smb_message_echoes field', async () => {
    const answer = await control('/echo', { to: '+15550081', text: 'Sent from my phone' });
    expect(answer.status).toBe(201);
    await receiver.waitFor(1);
    const [change] = changes();
    expect(change.field).toBe('smb_message_echoes');
    expect(change.value.message_echoes).toEqual([
      {
        from: '15550001000',
        to: '15550081',
        id: answer.body.wamid,
        timestamp: expect.stringMatching(/^\d+$/),
        type: 'text',
        text: { body: 'Sent from my phone' },
      },
    ]);
  });

  it('posts a history batch: one chunk, a thread per customer, history_context on every message', async () => {
    const answer = await control('/history', { to: '+15550091' });
    expect(answer.status).toBe(201);
    await receiver.waitFor(1);
    const [change] = changes();
    expect(change.field).toBe('history');
    const [chunk] = change.value.history;
    expect(chunk.metadata).toEqual({ phase: 0, chunk_order: 1, progress: 100 });
    expect(chunk.threads[0].id).toBe('15550091');
    const messages = chunk.threads[0].messages;
    expect(messages.map((m: any) => m.id)).toEqual(answer.body.wamids);
    expect(messages[0]).toMatchObject({ from: '15550091', type: 'text', history_context: { status: 'READ' } });
    expect(messages[1]).toMatchObject({
      from: '15550001000',
      to: '15550091',
      history_context: { status: 'DELIVERED' },
    });
    expect(Number(messages[0].timestamp)).toBeLessThan(Date.now() / 1000 - 24 * 3600);
  });

  it('skips delivered when told, and reports played on a voice message', async () => {
    await graph(sandbox.url, 'PUT', '/_sandbox/delivery', { skipDelivered: true }, '');
    const sent = await graph(sandbox.graphBase, 'POST', `/${sandbox.seeded.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: '15550001',
      type: 'audio',
      audio: { link: 'https://example.test/voice.ogg' },
    });
    const wamid = sent.body.messages[0].id;
    // Each status is a POST of its own, which may arrive in any order (delivery.test.ts): the order is the
    // sandbox's record, the receiver gets each once.
    const posted = () => sandbox.state.findMessage(wamid)?.statuses.map((record) => record.status);
    const arrived = () =>
      receiver
        .statuses()
        .map((s) => s.status)
        .sort();
    await sandbox.waitForIdle(5000);
    expect(posted()).toEqual(['accepted', 'sent', 'read']);
    expect(arrived()).toEqual(['read', 'sent']);
    expect((await control(`/messages/${encodeURIComponent(wamid)}/status`, { status: 'played' })).status).toBe(200);
    await sandbox.waitForIdle(5000);
    expect(posted()).toEqual(['accepted', 'sent', 'read', 'played']);
    expect(arrived()).toEqual(['played', 'read', 'sent']);
  });

  it('plays a username customer and the new kinds from the CLI', async () => {
    const cli = (...args: string[]) => run([...args, '--sandbox', sandbox.url], {});
    expect(await cli('@zoe', 'Hi from the CLI')).toMatch(/^sent text from @zoe/);
    await cli('+15550095', '--order', 'to pick up');
    await cli('+15550095', '--ad', 'About the ad');
    expect(await cli('@zoe', '--echo', 'Hello Zoë')).toMatch(/from the phone app/);
    expect(await cli('+15550095', '--history')).toBe('history batch for +15550095: 3 messages');
    await receiver.waitFor(5);
    const [username, order, ad, echo, history] = changes();
    expect(username.value.messages[0]).toMatchObject({ from_user_id: userIdForUsername('zoe') });
    expect(order.value.messages[0]).toMatchObject({ type: 'order', order: { text: 'to pick up' } });
    expect(ad.value.messages[0].referral).toMatchObject({ source_type: 'ad' });
    expect(echo.value.message_echoes[0]).toMatchObject({
      to_user_id: userIdForUsername('zoe'),
      text: { body: 'Hello Zoë' },
    });
    expect(history.field).toBe('history');
    expect(await cli('@zoe', '--messages')).toContain('Hi from the CLI');
  });
});
