import type { RunningSandbox } from '../sandbox';
import { flowMessage } from '../test-support/flow-message';
import { graph, startSandboxWithoutWebhooks } from '../test-support/webhook-receiver';

describe('Graph endpoints', () => {
  let sandbox: RunningSandbox;
  const phone = () => sandbox.seeded.phoneNumberId;
  const waba = () => sandbox.seeded.wabaId;
  const send = (body: unknown) => graph(sandbox.graphBase, 'POST', `/${phone()}/messages`, body);

  beforeAll(async () => {
    sandbox = await startSandboxWithoutWebhooks();
  });
  afterAll(() => sandbox.close());

  it('refuses unknown tokens with 190 / HTTP 401', async () => {
    const answer = await graph(sandbox.graphBase, 'GET', `/${phone()}`, undefined, 'bogus');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      error: { message: expect.any(String), type: 'OAuthException', code: 190, fbtrace_id: expect.any(String) },
    });
  });

  it('answers sends in Meta shape; wa_id is digits while input is echoed', async () => {
    const answer = await send({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+1 555-0001',
      type: 'text',
      text: { body: 'hi' },
    });
    expect(answer.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+1 555-0001', wa_id: '15550001' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
  });

  it.each([
    [{ to: '15550001', text: { body: 'x' } }, 100],
    [{ messaging_product: 'whatsapp', text: { body: 'x' } }, 131008],
    [{ messaging_product: 'whatsapp', to: '15550001', type: 'text' }, 131008],
    [{ messaging_product: 'whatsapp', to: '15550001', type: 'text', text: { body: 'x'.repeat(4097) } }, 131009],
    [{ messaging_product: 'whatsapp', to: '15550001', type: 'poll', poll: {} }, 100],
    [
      {
        messaging_product: 'whatsapp',
        to: '15550001',
        type: 'image',
        image: { id: '1', link: 'https://x.test/a.png' },
      },
      131009,
    ],
    [{ messaging_product: 'whatsapp', to: '15550001', type: 'image', image: { id: '424242' } }, 131009],
    [
      {
        messaging_product: 'whatsapp',
        to: '15550001',
        type: 'template',
        template: { name: 'nope', language: { code: 'en_US' } },
      },
      132001,
    ],
    [
      {
        messaging_product: 'whatsapp',
        to: '15550001',
        type: 'template',
        template: { name: 'summer_sale_promo', language: { code: 'en_US' } },
      },
      132001,
    ],
    [
      {
        messaging_product: 'whatsapp',
        to: '15550001',
        type: 'template',
        template: { name: 'appointment_reminder', language: { code: 'en_US' } },
      },
      132000,
    ],
  ])('validates %j → %s', async (body, code) => {
    const answer = await send(body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.error.code).toBe(code);
  });

  it('sends templates (message_status accepted) and flows (published; draft only in draft mode)', async () => {
    const template = await send({
      messaging_product: 'whatsapp',
      to: '15550001',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    expect(template.body.messages[0].message_status).toBe('accepted');
    const flow = (flowId: string, mode?: string) => flowMessage('15550001', flowId, 'Book now', 'tok-1', mode);
    expect((await send(flow(sandbox.seeded.flowIds.bookAppointment))).status).toBe(200);
    expect((await send(flow(sandbox.seeded.flowIds.draftFlow))).body.error.code).toBe(131009);
    expect((await send(flow(sandbox.seeded.flowIds.draftFlow, 'draft'))).status).toBe(200);
  });

  it('marks inbound messages read with {success:true}; unknown wamids are 131009', async () => {
    const inbound = sandbox.inbound({ from: '+15550001', type: 'text', text: 'read me' });
    expect(
      (
        await send({
          messaging_product: 'whatsapp',
          status: 'read',
          message_id: inbound.wamid,
          typing_indicator: { type: 'text' },
        })
      ).body,
    ).toEqual({ success: true });
    expect(sandbox.state.findMessage(inbound.wamid)?.readByBusiness).toBe(true);
    expect(
      (await send({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.unknown' })).body.error.code,
    ).toBe(131009);
  });

  it('lists flows and describes one with a preview web page (not an image)', async () => {
    const list = await graph(sandbox.graphBase, 'GET', `/${waba()}/flows`);
    expect(list.body.data.map((flow: { name: string }) => flow.name)).toEqual([
      'Book an appointment',
      'Customer feedback survey',
      'Lead capture',
      'Return request (draft)',
    ]);
    expect(list.body.data[3]).toMatchObject({
      status: 'DRAFT',
      categories: ['CUSTOMER_SUPPORT'],
      validation_errors: [],
    });
    const detail = await graph(
      sandbox.graphBase,
      'GET',
      `/${sandbox.seeded.flowIds.leadCapture}?fields=id,name,categories,preview,status,validation_errors,json_version,health_status`,
    );
    expect(detail.body).toMatchObject({
      id: sandbox.seeded.flowIds.leadCapture,
      name: 'Lead capture',
      status: 'PUBLISHED',
      json_version: expect.any(String),
    });
    expect(detail.body.preview.expires_at).toMatch(/\+0000$/);
    const page = await fetch(detail.body.preview.preview_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Lead capture');
  });

  it('refuses a media-header template without its header and body parameters (132000)', async () => {
    const template = (components?: unknown[]) => ({
      messaging_product: 'whatsapp',
      to: '15550001',
      type: 'template',
      template: { name: 'order_shipped', language: { code: 'en_US' }, ...(components ? { components } : {}) },
    });
    const bare = await send(template());
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatchObject({ code: 132000, error_data: { details: expect.stringMatching(/IMAGE/) } });
    const body = { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] };
    expect((await send(template([body]))).body.error.code).toBe(132000);
    const header = { type: 'header', parameters: [{ type: 'image', image: { link: 'https://example.com/p.png' } }] };
    expect((await send(template([header]))).body.error.code).toBe(132000);
    const accepted = await send(template([header, body]));
    expect(accepted.status).toBe(200);
    expect(accepted.body.messages[0].message_status).toBe('accepted');
  });

  it.each([
    ['5511987654321', '5511987654321'],
    ['5531987654321', '553187654321'],
    ['551187654321', '5511987654321'],
    ['525512345678', '5215512345678'],
    ['15550009', '15550009'],
  ])("answers a send to %s with WhatsApp's own wa_id %s", async (to, waId) => {
    const answer = await send({
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    expect(answer.body.contacts).toEqual([{ input: to, wa_id: waId }]);
  });

  it('enforces the 24-hour window by default: free-form text to a customer who never wrote fails with 131047', async () => {
    const text = (to: string) => ({ messaging_product: 'whatsapp', to, type: 'text', text: { body: 'hello?' } });
    const stranger = await send(text('15550777'));
    expect(stranger.status).toBe(200);
    sandbox.inbound({ from: '+15550778', type: 'text', text: 'Hi' });
    const customer = await send(text('15550778'));
    await sandbox.waitForIdle();
    const outbound = async (to: string) =>
      (await graph(sandbox.url, 'GET', `/_sandbox/outbound?to=${to}`, undefined, '')).body as any[];
    expect(await outbound('15550777')).toEqual([
      expect.objectContaining({
        wamid: stranger.body.messages[0].id,
        status: 'failed',
        error: expect.objectContaining({ code: 131047 }),
      }),
    ]);
    expect((await outbound('15550778'))[0]).toMatchObject({ wamid: customer.body.messages[0].id, status: 'read' });
  });

  it('sends to a customer known only by a username with `recipient`, answering the user id', async () => {
    const inbound = sandbox.inbound({ username: 'ana.b', type: 'text', text: 'Hi' } as never);
    const userId = inbound.payload.from_user_id as string;
    const answer = await send({
      messaging_product: 'whatsapp',
      recipient: userId,
      type: 'text',
      text: { body: 'Hello Ana' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.contacts).toEqual([{ input: userId, user_id: userId }]);
    const bad = await send({
      messaging_product: 'whatsapp',
      recipient: 'not-an-id',
      type: 'text',
      text: { body: 'x' },
    });
    expect(bad.body.error.code).toBe(131009);
  });

  it("subscribes the app's webhook fields with the app access token only", async () => {
    const appId = '100000000000999';
    const body = {
      object: 'whatsapp_business_account',
      callback_url: 'https://x.test/hook',
      fields: 'messages,history',
    };
    const appToken = `${appId}|sandbox-app-secret`;
    expect((await graph(sandbox.graphBase, 'POST', `/${appId}/subscriptions`, body)).body.error.code).toBe(190);
    const unknown = await graph(
      sandbox.graphBase,
      'POST',
      `/${appId}/subscriptions`,
      { ...body, fields: 'nope' },
      appToken,
    );
    expect(unknown.body.error.code).toBe(100);
    const ok = await graph(sandbox.graphBase, 'POST', `/${appId}/subscriptions`, body, appToken);
    expect(ok.body).toEqual({ success: true });
    expect([...sandbox.state.appSubscription.fields]).toEqual(['messages', 'history']);
  });

  it('an expired token fails every call with 190 / subcode 463 until a new token is used', async () => {
    const created = await graph(sandbox.url, 'POST', '/_sandbox/tokens', { token: 'EAAG-expiring' }, '');
    expect(created.status).toBe(201);
    expect((await graph(sandbox.graphBase, 'GET', `/${phone()}`, undefined, 'EAAG-expiring')).status).toBe(200);
    expect((await graph(sandbox.url, 'POST', '/_sandbox/tokens/EAAG-expiring/expire', undefined, '')).status).toBe(200);
    const refused = await graph(sandbox.graphBase, 'GET', `/${phone()}`, undefined, 'EAAG-expiring');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
    expect(refused.body.error.message).toMatch(/Session has expired/);
    expect((await graph(sandbox.graphBase, 'GET', `/${phone()}`)).status).toBe(200);
    expect((await graph(sandbox.url, 'POST', '/_sandbox/tokens/nope/expire', undefined, '')).status).toBe(404);
  });

  it('pages templates with cursors and a next link until the end', async () => {
    const names: string[] = [];
    let url: string | undefined = `${sandbox.graphBase}/${waba()}/message_templates?limit=2`;
    let pages = 0;
    while (url) {
      const page: any = await (await fetch(url, { headers: { authorization: 'Bearer sandbox-token-demo' } })).json();
      names.push(...page.data.map((template: { name: string }) => template.name));
      expect(page.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
      url = page.paging.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(names).toEqual([
      'hello_world',
      'follow_up',
      'appointment_reminder',
      'bienvenida',
      'summer_sale_promo',
      'order_shipped',
    ]);
    const approved = await graph(sandbox.graphBase, 'GET', `/${waba()}/message_templates?status=APPROVED`);
    expect(approved.body.data.every((template: { status: string }) => template.status === 'APPROVED')).toBe(true);
  });

  it('looks up phone numbers', async () => {
    const list = await graph(sandbox.graphBase, 'GET', `/${waba()}/phone_numbers`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: phone(), display_phone_number: '+1 555-000-1000', verified_name: 'Parley Demo' }),
    ]);
    expect((await graph(sandbox.graphBase, 'GET', `/${phone()}?fields=display_phone_number`)).body).toEqual({
      display_phone_number: '+1 555-000-1000',
      id: phone(),
    });
    expect((await graph(sandbox.graphBase, 'GET', '/999999999999999')).body.error).toMatchObject({
      code: 100,
      error_subcode: 33,
    });
  });

  it('subscribes apps and registers a new number (6-digit pin); unregistered numbers cannot send', async () => {
    const signup = sandbox.signup();
    const token = (
      await graph(
        sandbox.graphBase,
        'GET',
        `/oauth/access_token?client_id=100000000000999&client_secret=sandbox-app-secret&code=${signup.code}`,
        undefined,
        '',
      )
    ).body.access_token;
    expect((await graph(sandbox.graphBase, 'GET', `/${signup.wabaId}/subscribed_apps`, undefined, token)).body).toEqual(
      { data: [] },
    );
    expect(
      (await graph(sandbox.graphBase, 'POST', `/${signup.wabaId}/subscribed_apps`, undefined, token)).body,
    ).toEqual({ success: true });
    const apps = await graph(sandbox.graphBase, 'GET', `/${signup.wabaId}/subscribed_apps`, undefined, token);
    expect(apps.body.data[0].whatsapp_business_api_data.id).toBe('100000000000999');

    const sendFromNew = () =>
      graph(
        sandbox.graphBase,
        'POST',
        `/${signup.phoneNumberId}/messages`,
        { messaging_product: 'whatsapp', to: '15550001', text: { body: 'hi' } },
        token,
      );
    expect((await sendFromNew()).body.error.code).toBe(133010);
    expect(
      (
        await graph(
          sandbox.graphBase,
          'POST',
          `/${signup.phoneNumberId}/register`,
          { messaging_product: 'whatsapp', pin: '12345' },
          token,
        )
      ).body.error.code,
    ).toBe(100);
    expect(
      (
        await graph(
          sandbox.graphBase,
          'POST',
          `/${signup.phoneNumberId}/register`,
          { messaging_product: 'whatsapp', pin: '123456' },
          token,
        )
      ).body,
    ).toEqual({ success: true });
    expect((await sendFromNew()).status).toBe(200);
  });
});
