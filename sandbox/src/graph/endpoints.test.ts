import { startSandbox, type RunningSandbox } from '../sandbox';
import { fastTestOptions, graph } from '../test-support/webhook-receiver';

describe('Graph endpoints', () => {
  let sandbox: RunningSandbox;
  const phone = () => sandbox.seeded.phoneNumberId;
  const waba = () => sandbox.seeded.wabaId;
  const send = (body: unknown) => graph(sandbox.graphBase, 'POST', `/${phone()}/messages`, body);

  beforeAll(async () => {
    sandbox = await startSandbox({
      ...fastTestOptions,
      webhookUrl: 'http://127.0.0.1:9/unused',
      webhook: { maxAttempts: 1 },
    });
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
    const flow = (flowId: string, mode?: string) => ({
      messaging_product: 'whatsapp',
      to: '15550001',
      type: 'interactive',
      interactive: {
        type: 'flow',
        body: { text: 'Book' },
        action: {
          name: 'flow',
          parameters: {
            flow_message_version: '3',
            flow_id: flowId,
            flow_cta: 'Book now',
            flow_token: 'tok-1',
            ...(mode ? { mode } : {}),
          },
        },
      },
    });
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

  it('lists flows and describes one with a preview PNG served publicly', async () => {
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
    const png = await fetch(detail.body.preview.preview_url);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
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
    expect(names).toEqual(['hello_world', 'follow_up', 'appointment_reminder', 'bienvenida', 'summer_sale_promo']);
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
