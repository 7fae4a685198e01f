import { eq } from 'drizzle-orm';
import { startSandbox, type RunningSandbox } from '../../../sandbox/src/sandbox';
import { syncFlows } from '../../src/modules/forms/service';
import { flows } from '../../src/modules/forms/schema';
import { flowSourceFromGraph } from '../../src/modules/forms/whatsapp-flow-source';
import { saveCredentials } from '../../src/modules/credentials/service';
import { startTestServer, type TestServer, type TestUser } from '../helpers/test-server';

describe('forms (WhatsApp Flows) API', () => {
  let sandbox: RunningSandbox;
  let server: TestServer;
  let owner: TestUser;
  let ownerToken: string;
  let agentToken: string;
  let otherToken: string;

  const connect = (accountId: string, token: string, phoneNumberId: string) =>
    saveCredentials(server.server, { accountId, wabaId: sandbox.seeded.wabaId, phoneNumberId, token });
  const listForms = (token = ownerToken) => server.request('GET', '/api/account/flows', { token });
  const byName = (list: any[], name: string) => list.find((form) => form.displayName === name);

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      outboxDir: '/nonexistent',
      webhookUrl: 'http://127.0.0.1:9/none',
    });
    server = await startTestServer({ env: { GRAPH_API_BASE: sandbox.graphBase } });
    ({ token: ownerToken, ...owner } = await server.signedInOwner({ fullName: 'Olga Owner' }));
    agentToken = (await server.signedInAgent({ accountId: owner.accountId })).token;
    const other = await server.signedInOwner({ fullName: 'Other Owner' });
    otherToken = other.token;
    await connect(owner.accountId, sandbox.seeded.token, sandbox.seeded.phoneNumberId);
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  it('answers an empty list, not an error, for an account without a WhatsApp connection', async () => {
    const answer = await listForms(otherToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it("lists the WABA's flows: name as displayName, published ones active, with default texts and a preview", async () => {
    const answer = await listForms(agentToken);
    expect(answer.status).toBe(200);
    expect(answer.body.map((form: any) => form.displayName).sort()).toEqual([
      'Book an appointment',
      'Customer feedback survey',
      'Lead capture',
      'Return request (draft)',
    ]);
    const booking = byName(answer.body, 'Book an appointment');
    expect(booking).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      metaFlowId: sandbox.seeded.flowIds.bookAppointment,
      description: 'Appointment booking form',
      header: 'Book an appointment',
      body: expect.any(String),
      footer: null,
      ctaText: 'Book now',
      isCustomizable: true,
      isActive: true,
      previewUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/wa\/manage\/flows\/\d+\/preview\/\?token=/),
    });
    expect(byName(answer.body, 'Return request (draft)').isActive).toBe(false);
  });

  it("gives Meta's preview web page (not an image) and asks for a fresh link when it expires", async () => {
    const booking = byName((await listForms()).body, 'Book an appointment');
    const page = await fetch(booking.previewUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Book an appointment');
    expect(booking).not.toHaveProperty('preview');

    await server.db
      .update(flows)
      .set({ previewExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(flows.id, booking.id));
    const source = flowSourceFromGraph(sandbox.graphBase, {
      wabaId: sandbox.seeded.wabaId,
      token: sandbox.seeded.token,
    });
    await syncFlows(server.db, owner.accountId, source, server.app.log);
    const renewed = byName((await listForms()).body, 'Book an appointment');
    expect(renewed.previewUrl).toMatch(/\/wa\/manage\/flows\/\d+\/preview\/\?token=/);
    expect(renewed.previewUrl).not.toBe(booking.previewUrl);
    const [row] = await server.db.select().from(flows).where(eq(flows.id, booking.id));
    expect(row.previewExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('gets one form of the account; another account or an unknown id is a 404', async () => {
    const booking = byName((await listForms()).body, 'Book an appointment');
    const one = await server.request('GET', `/api/account/flows/${booking.id}`, { token: agentToken });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(booking);
    expect((await server.request('GET', `/api/account/flows/${booking.id}`, { token: otherToken })).status).toBe(404);
    expect((await server.request('GET', '/api/account/flows/100000000000101', { token: ownerToken })).status).toBe(404);
  });

  it('lets the owner customize header, body, footer and button text', async () => {
    const survey = byName((await listForms()).body, 'Customer feedback survey');
    const texts = {
      header: 'How did we do?',
      body: 'Two questions, one minute.',
      footer: 'Thank you!',
      ctaText: 'Rate us',
    };
    const answer = await server.request('POST', `/api/account/flows/${survey.id}`, { token: ownerToken, body: texts });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: survey.id, ...texts });
    expect(byName((await listForms()).body, 'Customer feedback survey')).toMatchObject(texts);
    const cleared = await server.request('POST', `/api/account/flows/${survey.id}`, {
      token: ownerToken,
      body: { ...texts, header: '', footer: '' },
    });
    expect(cleared.body).toMatchObject({ header: null, footer: null });
  });

  it("checks WhatsApp's limits, answering 400 with a description", async () => {
    const lead = byName((await listForms()).body, 'Lead capture');
    const path = `/api/account/flows/${lead.id}`;
    const valid = { header: 'Hi', body: 'Tell us about you', footer: 'Thanks', ctaText: 'Start' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ header: 'h'.repeat(61) }, 'Header is too long (at most 60 characters)'],
      [{ body: 'b'.repeat(1025) }, 'Body is too long (at most 1024 characters)'],
      [{ footer: 'f'.repeat(61) }, 'Footer is too long (at most 60 characters)'],
      [{ ctaText: 'c'.repeat(31) }, 'Button text is too long (at most 30 characters)'],
      [{ ctaText: 'Book 📅' }, 'Button text cannot contain emoji'],
      [{ body: '   ' }, 'Body is required'],
      [{ ctaText: '' }, 'Button text is required'],
    ];
    for (const [change, text] of cases) {
      const answer = await server.request('POST', path, { token: ownerToken, body: { ...valid, ...change } });
      expect(answer.status).toBe(400);
      expect(answer.body.description).toContain(text);
    }
    // At the limits exactly, and emoji-free accents, are fine.
    const atLimits = {
      header: 'h'.repeat(60),
      body: 'b'.repeat(1024),
      footer: 'f'.repeat(60),
      ctaText: 'Réservez maintenant, c’est ici',
    };
    expect((await server.request('POST', path, { token: ownerToken, body: atLimits })).status).toBe(200);
  });

  it('refuses agents (403), other accounts (404) and forms that are not customizable (422)', async () => {
    const lead = byName((await listForms()).body, 'Lead capture');
    const body = { header: 'x', body: 'y', footer: 'z', ctaText: 'Go' };
    expect((await server.request('POST', `/api/account/flows/${lead.id}`, { token: agentToken, body })).status).toBe(
      403,
    );
    expect((await server.request('POST', `/api/account/flows/${lead.id}`, { token: otherToken, body })).status).toBe(
      404,
    );
    await server.db.update(flows).set({ isCustomizable: false }).where(eq(flows.id, lead.id));
    const locked = await server.request('POST', `/api/account/flows/${lead.id}`, { token: ownerToken, body });
    expect(locked.status).toBe(422);
    expect(locked.body.description).toBe('This form cannot be customized');
    expect(byName((await listForms()).body, 'Lead capture').isCustomizable).toBe(false);
  });

  it('keeps our texts through later syncs, follows renames and status changes, and hides removed flows', async () => {
    const business = sandbox.state.businesses.get(sandbox.seeded.wabaId)!;
    const original = business.flows.map((flow) => ({ ...flow }));
    try {
      const survey = business.flows.find((flow) => flow.id === sandbox.seeded.flowIds.feedbackSurvey)!;
      survey.name = 'Feedback (v2)';
      const draft = business.flows.find((flow) => flow.id === sandbox.seeded.flowIds.draftFlow)!;
      draft.status = 'PUBLISHED';
      business.flows = business.flows.filter((flow) => flow.id !== sandbox.seeded.flowIds.leadCapture);
      const source = flowSourceFromGraph(sandbox.graphBase, {
        wabaId: sandbox.seeded.wabaId,
        token: sandbox.seeded.token,
      });
      await syncFlows(server.db, owner.accountId, source, server.app.log);

      const list = (await listForms()).body;
      expect(list.map((form: any) => form.displayName).sort()).toEqual([
        'Book an appointment',
        'Feedback (v2)',
        'Return request (draft)',
      ]);
      expect(byName(list, 'Feedback (v2)')).toMatchObject({ ctaText: 'Rate us', body: 'Two questions, one minute.' });
      expect(byName(list, 'Return request (draft)').isActive).toBe(true);
    } finally {
      business.flows = original;
    }
  });

  it('answers what is stored when the Graph API refuses (e.g. a revoked token), never a 500', async () => {
    const { token, ...fresh } = await server.signedInOwner({ fullName: 'Fresh Owner' });
    await connect(fresh.accountId, 'revoked-token', '100000000099999');
    const answer = await listForms(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it('requires a signed-in user', async () => {
    expect((await server.request('GET', '/api/account/flows')).status).toBe(401);
  });
});
