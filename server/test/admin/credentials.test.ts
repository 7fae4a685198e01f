import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { startSandbox, type RunningSandbox } from '../../../sandbox/src/sandbox';
import { whatsappConnections } from '../../src/modules/credentials/schema';
import { findAccountByPhoneNumberId, getCredentials } from '../../src/modules/credentials/service';
import { startTestServer, type HttpAnswer, type TestServer, type TestUser } from '../helpers/test-server';

const APP_ID = '100000000000999';
const APP_SECRET = 'admin-test-app-secret';

describe('WhatsApp connection: credentials and embedded sign-up', () => {
  let sandbox: RunningSandbox;
  let server: TestServer;
  const logLines: string[] = [];
  /** Every answer the server gave in this file, to prove no token ever leaves it. */
  const answers: HttpAnswer[] = [];
  /** Every token the sandbox minted or the tests typed. */
  const secrets = new Set<string>();

  const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const answer = await server.request(method, path, { token, body });
    answers.push(answer);
    return answer;
  };
  const newOwner = async () => {
    const owner = await server.registerAndVerify();
    return { ...owner, token: await server.login(owner.email, owner.password) };
  };
  /** A fresh business in the sandbox (unsubscribed, unregistered number) and a token that sees only it. */
  const newBusinessWithToken = () => {
    const business = sandbox.signup();
    const token = `EAAG${crypto.randomBytes(12).toString('hex')}`;
    sandbox.state.tokens.set(token, { token, wabaIds: new Set([business.wabaId]), label: 'test' });
    secrets.add(token);
    return { ...business, token };
  };
  /** The body that connects the sandbox's seeded WABA and number with its seeded token. */
  const seededCredentials = () => ({
    wabaId: sandbox.seeded.wabaId,
    phoneNumberId: sandbox.seeded.phoneNumberId,
    token: sandbox.seeded.token,
  });
  const connectionRow = async (accountId: string) =>
    (await server.db.select().from(whatsappConnections).where(eq(whatsappConnections.accountId, accountId)))[0];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, appId: APP_ID, appSecret: APP_SECRET, logger: false });
    server = await startTestServer({
      env: {
        GRAPH_API_BASE: sandbox.graphBase,
        FB_APP_ID: APP_ID,
        FB_CONFIG_ID: 'config-42',
        FB_SDK_URL: `${sandbox.url}/sdk.js`,
        WHATSAPP_APP_SECRET: APP_SECRET,
        LOG_LEVEL: 'trace',
      },
      deps: { logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } } },
    });
    secrets.add(sandbox.seeded.token);
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  describe('GET /api/public-config', () => {
    it('tells anyone the app id, configuration id and SDK address, and no secret', async () => {
      const answer = await call('GET', '/api/public-config', undefined);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        fbAppId: APP_ID,
        fbConfigId: 'config-42',
        fbSdkUrl: `${sandbox.url}/sdk.js`,
        fbSdkOrigin: sandbox.url,
      });
      expect(JSON.stringify(answer.body)).not.toContain(APP_SECRET);
    });
  });

  describe('POST /api/account/credentials', () => {
    it('accepts the seeded WABA, number and token, and stores the token encrypted', async () => {
      const owner = await newOwner();
      const answer = await call('POST', '/api/account/credentials', owner.token, seededCredentials());
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });

      const row = await connectionRow(owner.accountId);
      expect(row).toMatchObject({
        wabaId: sandbox.seeded.wabaId,
        phoneNumberId: sandbox.seeded.phoneNumberId,
        status: 'connected',
      });
      expect(row.tokenCiphertext).not.toContain(sandbox.seeded.token);
      const connection = await getCredentials(server.server, owner.accountId);
      expect(connection).toMatchObject({
        token: sandbox.seeded.token,
        wabaId: sandbox.seeded.wabaId,
        registrationPin: null,
      });
      expect(connection?.displayPhoneNumber).toBeTruthy();
      expect(await findAccountByPhoneNumberId(server.server, sandbox.seeded.phoneNumberId)).toMatchObject({
        accountId: owner.accountId,
      });

      // The same number cannot be connected to a second account.
      const other = await newOwner();
      const taken = await call('POST', '/api/account/credentials', other.token, seededCredentials());
      expect(taken.status).toBe(409);
      expect(await connectionRow(other.accountId)).toBeUndefined();
    });

    it('subscribes the app to the WABA, and replaces the account’s earlier connection', async () => {
      const owner = await newOwner();
      const first = newBusinessWithToken();
      expect(sandbox.state.businesses.get(first.wabaId)?.subscribedAppIds.has(APP_ID)).toBe(false);
      const body = { wabaId: first.wabaId, phoneNumberId: first.phoneNumberId, token: first.token };
      expect((await call('POST', '/api/account/credentials', owner.token, body)).status).toBe(200);
      expect(sandbox.state.businesses.get(first.wabaId)?.subscribedAppIds.has(APP_ID)).toBe(true);

      const second = newBusinessWithToken();
      const answer = await call('POST', '/api/account/credentials', owner.token, {
        wabaId: second.wabaId,
        phoneNumberId: second.phoneNumberId,
        token: second.token,
      });
      expect(answer.status).toBe(200);
      expect(await getCredentials(server.server, owner.accountId)).toMatchObject({
        wabaId: second.wabaId,
        token: second.token,
      });
      expect(await findAccountByPhoneNumberId(server.server, first.phoneNumberId)).toBeNull();
    });

    it('refuses a token the Graph API does not know (422, never 401)', async () => {
      const owner = await newOwner();
      secrets.add('EAAGunknown-token');
      const answer = await call('POST', '/api/account/credentials', owner.token, {
        wabaId: sandbox.seeded.wabaId,
        phoneNumberId: sandbox.seeded.phoneNumberId,
        token: 'EAAGunknown-token',
      });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(/^WhatsApp refused the token/);
      expect(await connectionRow(owner.accountId)).toBeUndefined();
    });

    it('refuses a token that cannot see the WABA', async () => {
      const owner = await newOwner();
      const business = newBusinessWithToken();
      const answer = await call('POST', '/api/account/credentials', owner.token, {
        wabaId: sandbox.seeded.wabaId,
        phoneNumberId: sandbox.seeded.phoneNumberId,
        token: business.token,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(
        `The token cannot access WhatsApp Business Account ${sandbox.seeded.wabaId}, or it does not exist.`,
      );
      expect(await connectionRow(owner.accountId)).toBeUndefined();
    });

    it('refuses a phone number that is not the WABA’s, and does not subscribe the app', async () => {
      const owner = await newOwner();
      const business = newBusinessWithToken();
      const answer = await call('POST', '/api/account/credentials', owner.token, {
        wabaId: business.wabaId,
        phoneNumberId: sandbox.seeded.phoneNumberId,
        token: business.token,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(
        `Phone number ${sandbox.seeded.phoneNumberId} does not belong to WhatsApp Business Account ${business.wabaId}.`,
      );
      expect(sandbox.state.businesses.get(business.wabaId)?.subscribedAppIds.has(APP_ID)).toBe(false);
      expect(await connectionRow(owner.accountId)).toBeUndefined();
    });

    it('requires all three fields, ids in digits (400)', async () => {
      const owner = await newOwner();
      const valid = seededCredentials();
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ ...valid, wabaId: '' }, 'wabaId'],
        [{ ...valid, phoneNumberId: undefined }, 'phoneNumberId'],
        [{ ...valid, token: '  ' }, 'token'],
        [{ ...valid, wabaId: '../me' }, 'wabaId'],
        [{ ...valid, phoneNumberId: '123?fields=x' }, 'phoneNumberId'],
        [{ ...valid, token: 'two words' }, 'token'],
      ];
      for (const [body, field] of bad) {
        const answer = await call('POST', '/api/account/credentials', owner.token, body);
        expect(answer.status).toBe(400);
        expect(Object.keys(answer.body.errors)).toEqual([field]);
      }
      expect(await connectionRow(owner.accountId)).toBeUndefined();
    });

    it('is for owners only', async () => {
      const owner = await newOwner();
      const agentToken = (await server.signedInAgent({ accountId: owner.accountId })).token;
      const body = seededCredentials();
      expect((await call('POST', '/api/account/credentials', agentToken, body)).status).toBe(403);
      expect((await call('POST', '/api/account/credentials', undefined, body)).status).toBe(401);
      expect(await connectionRow(owner.accountId)).toBeUndefined();
    });
  });

  describe('POST /api/user/first-onboard', () => {
    let owner: TestUser & { token: string };
    beforeEach(async () => {
      owner = await newOwner();
    });

    it('exchanges a good code, subscribes the app, registers the number with a kept PIN and stores the token', async () => {
      const signup = sandbox.signup();
      const answer = await call('POST', '/api/user/first-onboard', owner.token, {
        wabaId: signup.wabaId,
        phoneNumberId: signup.phoneNumberId,
        code: signup.code,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });

      expect(sandbox.state.businesses.get(signup.wabaId)?.subscribedAppIds.has(APP_ID)).toBe(true);
      expect(sandbox.state.phoneNumbers.get(signup.phoneNumberId)?.registered).toBe(true);
      const connection = await getCredentials(server.server, owner.accountId);
      expect(connection).toMatchObject({
        wabaId: signup.wabaId,
        phoneNumberId: signup.phoneNumberId,
        status: 'connected',
      });
      expect(connection?.registrationPin).toMatch(/^\d{6}$/);
      // The stored token is the business token Meta handed out for this WABA.
      const grant = connection ? sandbox.state.tokens.get(connection.token) : undefined;
      expect(grant?.wabaIds.has(signup.wabaId)).toBe(true);
      if (connection) secrets.add(connection.token);
      const row = await connectionRow(owner.accountId);
      expect(row.tokenCiphertext).not.toContain(connection?.token);
      expect(row.registrationPinCiphertext).not.toContain(connection?.registrationPin);
    });

    it('refuses a reused code (422) and keeps the first connection', async () => {
      const signup = sandbox.signup();
      const body = { wabaId: signup.wabaId, phoneNumberId: signup.phoneNumberId, code: signup.code };
      expect((await call('POST', '/api/user/first-onboard', owner.token, body)).status).toBe(200);
      const other = await newOwner();
      const again = await call('POST', '/api/user/first-onboard', other.token, body);
      expect(again.status).toBe(422);
      expect(again.body.message).toBe('The sign-up code has already been used. Please sign up with Facebook again.');
      expect(await connectionRow(other.accountId)).toBeUndefined();
      expect(await findAccountByPhoneNumberId(server.server, signup.phoneNumberId)).toMatchObject({
        accountId: owner.accountId,
      });
    });

    it('refuses an expired code (422), with no side effect on the business', async () => {
      const signup = sandbox.signup({ codeTtlMs: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const answer = await call('POST', '/api/user/first-onboard', owner.token, {
        wabaId: signup.wabaId,
        phoneNumberId: signup.phoneNumberId,
        code: signup.code,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('The sign-up code has expired. Please sign up with Facebook again.');
      expect(sandbox.state.businesses.get(signup.wabaId)?.subscribedAppIds.has(APP_ID)).toBe(false);
      expect(sandbox.state.phoneNumbers.get(signup.phoneNumberId)?.registered).toBe(false);
      expect(await connectionRow(owner.accountId)).toBeUndefined();
    });

    it('refuses a code Meta never issued (422)', async () => {
      const signup = sandbox.signup();
      const answer = await call('POST', '/api/user/first-onboard', owner.token, {
        wabaId: signup.wabaId,
        phoneNumberId: signup.phoneNumberId,
        code: 'AQ-not-a-real-code',
      });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('The sign-up code is not valid. Please sign up with Facebook again.');
    });

    it("takes the WABA's number when the sign-up shared none, and skips registration for coexistence", async () => {
      sandbox.state.appSubscription = { fields: new Set(['messages']) };
      const signup = sandbox.signup();
      const answer = await call('POST', '/api/user/first-onboard', owner.token, {
        wabaId: signup.wabaId,
        code: signup.code,
        coexistence: true,
      });
      expect(answer.status).toBe(200);
      expect(await getCredentials(server.server, owner.accountId)).toMatchObject({
        phoneNumberId: signup.phoneNumberId,
        registrationPin: null,
      });
      expect(sandbox.state.phoneNumbers.get(signup.phoneNumberId)?.registered).toBe(false);
      expect(sandbox.state.businesses.get(signup.wabaId)?.subscribedAppIds.has(APP_ID)).toBe(true);
      // Coexistence: the app receives the Business app's echoes and the history sync too.
      expect([...sandbox.state.appSubscription.fields]).toEqual(
        expect.arrayContaining(['messages', 'smb_message_echoes', 'history']),
      );
      expect(sandbox.state.appSubscription.callbackUrl).toMatch(/\/webhooks\/whatsapp$/);
    });

    it('refuses a phone number id that is not the WABA’s', async () => {
      const signup = sandbox.signup();
      const answer = await call('POST', '/api/user/first-onboard', owner.token, {
        wabaId: signup.wabaId,
        phoneNumberId: sandbox.seeded.phoneNumberId,
        code: signup.code,
      });
      expect(answer.status).toBe(422);
      expect(await connectionRow(owner.accountId)).toBeUndefined();
    });

    it('validates the body and is for owners only', async () => {
      const signup = sandbox.signup();
      for (const body of [
        { phoneNumberId: signup.phoneNumberId, code: signup.code },
        { wabaId: signup.wabaId, phoneNumberId: signup.phoneNumberId },
        { wabaId: 'abc', code: 'x' },
      ]) {
        expect((await call('POST', '/api/user/first-onboard', owner.token, body)).status).toBe(400);
      }
      const agentToken = (await server.signedInAgent({ accountId: owner.accountId })).token;
      const body = { wabaId: signup.wabaId, phoneNumberId: signup.phoneNumberId, code: signup.code };
      expect((await call('POST', '/api/user/first-onboard', agentToken, body)).status).toBe(403);
      // The code was not spent by the refused calls.
      expect((await call('POST', '/api/user/first-onboard', owner.token, body)).status).toBe(200);
    });
  });

  describe('when Meta or the configuration is missing', () => {
    let bare: TestServer;
    let bareOwner: string;
    beforeAll(async () => {
      // A Graph address nobody listens on, and no Facebook app configured.
      bare = await startTestServer({ env: { GRAPH_API_BASE: 'http://127.0.0.1:9/v22.0' } });
      const owner = await bare.signedInOwner();
      bareOwner = owner.token;
    });
    afterAll(() => bare?.close());

    it('answers 502 when the Graph API cannot be reached', async () => {
      const answer = await bare.request('POST', '/api/account/credentials', {
        token: bareOwner,
        body: { wabaId: '1', phoneNumberId: '2', token: 'EAAGsomething' },
      });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe('WhatsApp could not be reached. Please try again in a moment.');
    });

    it('answers 503 to a sign-up when no Facebook app is configured, and says so in public config', async () => {
      const answer = await bare.request('POST', '/api/user/first-onboard', {
        token: bareOwner,
        body: { wabaId: '1', phoneNumberId: '2', code: 'AQ' },
      });
      expect(answer.status).toBe(503);
      expect((await bare.request('GET', '/api/public-config')).body).toMatchObject({ fbAppId: null, fbConfigId: null });
    });
  });

  it('never shows a WhatsApp token in any answer or log line', () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(secrets.size).toBeGreaterThan(3);
    const everything = answers.map((answer) => JSON.stringify(answer.body)).join('\n') + logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
