import { startTestServer, type TestServer, type TestUser } from '../helpers/test-server';

describe('profile, account and password change', () => {
  let server: TestServer;
  let owner: TestUser;
  let ownerToken: string;
  let agent: TestUser;
  let agentToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ token: ownerToken, ...owner } = await server.signedInOwner({ fullName: 'Olga Owner', title: 'Boss' }));
    ({ token: agentToken, ...agent } = await server.signedInAgent({
      accountId: owner.accountId,
      fullName: 'Alan Agent',
      title: 'Support',
    }));
  });
  afterAll(() => server.close());

  it('returns the current user with the account', async () => {
    const answer = await server.request('GET', '/api/user/profile', { token: ownerToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: owner.id,
      fullName: 'Olga Owner',
      email: owner.email,
      title: 'Boss',
      role: 'owner',
      isOwner: true,
      status: 'active',
      language: null,
      account: { id: owner.accountId, name: 'Olga Owner', logo: null },
    });
    const agentView = await server.request('GET', '/api/user/profile', { token: agentToken });
    expect(agentView.body).toMatchObject({ role: 'agent', isOwner: false, fullName: 'Alan Agent' });
  });

  it('requires a token', async () => {
    expect((await server.request('GET', '/api/user/profile')).status).toBe(401);
  });

  it('updates the full name', async () => {
    const answer = await server.request('PUT', '/api/user/profile', {
      token: agentToken,
      body: { fullName: ' Alan Turing ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.fullName).toBe('Alan Turing');
    expect((await server.request('GET', '/api/user/profile', { token: agentToken })).body.fullName).toBe('Alan Turing');
  });

  it("saves the caller's language, keeps it on a name change and clears it with null, touching no one else", async () => {
    const save = (body: object) => server.request('PUT', '/api/user/profile', { token: ownerToken, body });
    const saved = await save({ language: 'pt-BR' });
    expect(saved.status).toBe(200);
    expect(saved.body.language).toBe('pt-BR');
    expect((await save({ fullName: 'Olga Owner' })).body.language).toBe('pt-BR');
    expect((await server.request('GET', '/api/user/profile', { token: ownerToken })).body.language).toBe('pt-BR');
    expect((await server.request('GET', '/api/user/profile', { token: agentToken })).body.language).toBeNull();
    expect((await save({ language: 'es' })).body.language).toBe('es');
    const cleared = await save({ language: null });
    expect(cleared.body.language).toBeNull();
  });

  it('refuses a language Parley does not ship, with a code and a clear message', async () => {
    for (const language of ['fr', 'pt', 'EN', '', 42]) {
      const answer = await server.request('PUT', '/api/user/profile', { token: agentToken, body: { language } });
      expect([language, answer.status]).toEqual([language, 400]);
      expect(answer.body).toMatchObject({
        code: 'invalid_body',
        errors: { language: 'Language must be one of en, pt-BR, es, or null' },
      });
    }
    expect((await server.request('GET', '/api/user/profile', { token: agentToken })).body.language).toBeNull();
  });

  it('refuses a blank or absurdly long full name', async () => {
    expect(
      (await server.request('PUT', '/api/user/profile', { token: agentToken, body: { fullName: '  ' } })).status,
    ).toBe(400);
    const long = await server.request('PUT', '/api/user/profile', {
      token: agentToken,
      body: { fullName: 'n'.repeat(5000) },
    });
    expect(long.status).toBe(400);
    expect(long.body.errors.fullName).toMatch(/too long/);
  });

  it('lets the owner rename the account and refuses agents with 403', async () => {
    const refused = await server.request('PUT', '/api/account', { token: agentToken, body: { name: 'Hijacked' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the account owner can do this');

    const renamed = await server.request('PUT', '/api/account', { token: ownerToken, body: { name: 'Acme Ltd' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: owner.accountId, name: 'Acme Ltd', logo: null });
    const seenByAgent = await server.request('GET', '/api/user/profile', { token: agentToken });
    expect(seenByAgent.body.account.name).toBe('Acme Ltd');

    expect((await server.request('PUT', '/api/account', { token: ownerToken, body: { name: '' } })).status).toBe(400);
  });

  it('answers change-password failures with an errors object per field', async () => {
    const missing = await server.request('POST', '/api/user/change-password', { token: agentToken, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      password: 'Password is required',
      newPassword: 'New password is required',
      confirmNewPassword: 'Confirm new password is required',
    });

    const mismatch = await server.request('POST', '/api/user/change-password', {
      token: agentToken,
      body: { password: agent.password, newPassword: 'a', confirmNewPassword: 'b' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ confirmNewPassword: 'Passwords do not match' });

    const wrongCurrent = await server.request('POST', '/api/user/change-password', {
      token: agentToken,
      body: { password: 'not it', newPassword: 'a', confirmNewPassword: 'a' },
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.errors).toEqual({ password: 'Current password is incorrect' });
  });

  it('changes the password: old token 401, the returned token works, login uses the new password', async () => {
    const { token: oldToken, ...user } = await server.signedInAgent({ accountId: owner.accountId });
    const answer = await server.request('POST', '/api/user/change-password', {
      token: oldToken,
      body: { password: user.password, newPassword: 'next secret', confirmNewPassword: 'next secret' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Password changed successfully');

    const stale = await server.request('GET', '/api/user/profile', { token: oldToken });
    expect(stale.status).toBe(401);
    expect((await server.request('GET', '/api/user/profile', { token: answer.body.token })).status).toBe(200);
    expect(
      (await server.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect(await server.login(user.email, 'next secret')).toEqual(expect.any(String));
  });
});
