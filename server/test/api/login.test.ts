import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { users } from '../../src/modules/users/schema';
import { startTestServer, uniqueEmail, type TestServer, type TestUser } from '../helpers/test-server';

describe('login', () => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await server.registerAndVerify();
  });
  afterAll(() => server.close());

  const login = (email: string, password: string) =>
    server.request('POST', '/auth/login', { body: { email, password } });

  it('answers a signed token carrying user, account, role, lastLoginDate and exp', async () => {
    const before = Date.now();
    const answer = await login(owner.email, owner.password);
    expect(answer.status).toBe(200);
    const claims = decodeJwt(answer.body.token);
    expect(claims).toMatchObject({ sub: owner.id, acc: owner.accountId, role: 'owner', tv: 0 });
    expect(new Date(String(claims.lastLoginDate)).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const hours = (Number(claims.exp) * 1000 - before) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12.01);
    expect((await server.request('GET', '/api/user/profile', { token: answer.body.token })).status).toBe(200);
  });

  it('ignores case and spaces around the email', async () => {
    expect((await login(`  ${owner.email.toUpperCase()} `, owner.password)).status).toBe(200);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await login(owner.email, 'not the password');
    const unknown = await login(uniqueEmail('ghost'), 'whatever');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Email or password is incorrect', code: 'wrong_credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('requires email and password', async () => {
    const answer = await server.request('POST', '/auth/login', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('refuses an unverified user', async () => {
    const agent = await server.createAgent({ accountId: owner.accountId, verified: false });
    const answer = await login(agent.email, agent.password);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Please verify your email before logging in');
  });

  it('refuses a suspended user', async () => {
    const agent = await server.createAgent({ accountId: owner.accountId, status: 'hold' });
    const answer = await login(agent.email, agent.password);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Your account is suspended. Contact your account owner.');
  });

  it('refuses a deleted user', async () => {
    const agent = await server.createAgent({ accountId: owner.accountId });
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, agent.id));
    const answer = await login(agent.email, agent.password);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('This user has been deleted. Contact your account owner.');
  });

  it('makes a token useless once its user is suspended or deleted', async () => {
    const suspended = await server.createAgent({ accountId: owner.accountId });
    const deleted = await server.createAgent({ accountId: owner.accountId });
    const suspendedToken = await server.login(suspended.email, suspended.password);
    const deletedToken = await server.login(deleted.email, deleted.password);

    await server.db.update(users).set({ status: 'hold' }).where(eq(users.id, suspended.id));
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));

    const a = await server.request('GET', '/api/user/profile', { token: suspendedToken });
    expect(a.status).toBe(401);
    expect(a.body.message).toMatch(/suspended/);
    const b = await server.request('GET', '/api/user/profile', { token: deletedToken });
    expect(b.status).toBe(401);
    expect(b.body.message).toBe('This user no longer exists');
  });

  it('refuses a token whose version is outdated', async () => {
    const { token, ...agent } = await server.signedInAgent({ accountId: owner.accountId });
    await server.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, agent.id));
    const answer = await server.request('GET', '/api/user/profile', { token });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Your session has ended, please log in again');
  });

  it('limits login attempts per account to 10 a minute with a 429', async () => {
    const target = await server.createAgent({ accountId: owner.accountId });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await login(target.email, 'wrong')).status);
    expect(statuses).toEqual(Array(10).fill(401));

    const limited = await login(target.email, target.password);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many login attempts. Please wait a minute and try again.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another email from the same address is not affected.
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });
});
