import { startSandbox, type RunningSandbox } from '../sandbox';
import { fastTestOptions, graph } from '../test-support/webhook-receiver';

describe('GET /oauth/access_token', () => {
  let sandbox: RunningSandbox;
  const exchange = (code: string, secret = 'sandbox-app-secret', clientId = '100000000000999') =>
    graph(
      sandbox.graphBase,
      'GET',
      `/oauth/access_token?client_id=${clientId}&client_secret=${secret}&code=${encodeURIComponent(code)}`,
      undefined,
      '',
    );

  beforeEach(async () => {
    sandbox = await startSandbox(fastTestOptions);
  });
  afterEach(() => sandbox.close());

  it('turns a fresh code into a business token that can manage the new WABA only', async () => {
    const signup = (await graph(sandbox.url, 'POST', '/_sandbox/signup', {}, '')).body;
    const answer = await exchange(signup.code);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    const token = answer.body.access_token;
    const phones = await graph(sandbox.graphBase, 'GET', `/${signup.wabaId}/phone_numbers`, undefined, token);
    expect(phones.body.data.map((phone: { id: string }) => phone.id)).toEqual([signup.phoneNumberId]);
    expect(
      (await graph(sandbox.graphBase, 'GET', `/${sandbox.seeded.wabaId}/phone_numbers`, undefined, token)).status,
    ).toBe(400);
  });

  it('accepts a code once', async () => {
    const { code } = sandbox.signup();
    expect((await exchange(code)).status).toBe(200);
    const reused = await exchange(code);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toMatchObject({ code: 100, error_subcode: 36009, type: 'OAuthException' });
  });

  it('refuses an expired code', async () => {
    const { code } = sandbox.signup({ codeTtlMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const expired = await exchange(code);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatchObject({
      code: 100,
      error_subcode: 36007,
      message: 'This authorization code has expired.',
    });
  });

  it('refuses a wrong secret, a wrong app id and an unknown code', async () => {
    const { code } = sandbox.signup();
    expect((await exchange(code, 'wrong')).body.error.message).toBe('Error validating client secret.');
    expect((await exchange(code, undefined, '42')).body.error.code).toBe(101);
    expect((await exchange('made-up')).body.error.error_subcode).toBe(36008);
    expect((await exchange(code)).status).toBe(200);
  });

  it('codes live 30 s by default', () => {
    const signup = sandbox.signup();
    expect(signup.expiresAt - Date.now()).toBeGreaterThan(29_000);
    expect(signup.expiresAt - Date.now()).toBeLessThanOrEqual(30_000);
  });
});
