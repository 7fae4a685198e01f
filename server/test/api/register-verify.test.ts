import { eq, sql } from 'drizzle-orm';
import { verificationCodes } from '../../src/modules/auth/schema';
import { users } from '../../src/modules/users/schema';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers/test-server';

describe('sign-up and email verification', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const signUp = (overrides: Record<string, unknown> = {}) => {
    const email = uniqueEmail('signup');
    const body = {
      fullName: 'Ada Lovelace',
      title: 'CEO',
      email,
      password: 'pw-1',
      confirmPassword: 'pw-1',
      ...overrides,
    };
    return server.request('POST', '/auth/register', { body }).then((answer) => ({ answer, email: String(body.email) }));
  };
  const userRow = async (email: string) =>
    (await server.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
  const verify = (code: unknown, email?: string) =>
    server.request('POST', '/auth/verify', { body: email ? { code, email } : { code } });

  it('creates an unverified owner with a business account and mails a 6-digit code', async () => {
    const { answer, email } = await signUp();
    expect(answer.status).toBe(201);
    expect(answer.body.message).toEqual(expect.any(String));
    const row = await userRow(email);
    expect(row).toMatchObject({ role: 'owner', status: 'active', verifiedAt: null, fullName: 'Ada Lovelace' });
    expect(await server.readLatestCode(email)).toMatch(/^\d{6}$/);
  });

  it('stores the email lowercased and treats case variants as the same email', async () => {
    const { answer, email } = await signUp({ email: `  Mixed.${uniqueEmail('case')}  `.replace('@', '@EXAMPLE.') });
    expect(answer.status).toBe(201);
    expect(await userRow(email.trim())).toBeDefined();
    const again = await signUp({ email: email.trim().toUpperCase() });
    expect(again.answer.status).toBe(201);
    expect(await server.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))).toHaveLength(1);
  });

  it('answers a taken email exactly as a new one, creating nothing (the owner is mailed instead)', async () => {
    const { email, answer: first } = await signUp();
    const { answer } = await signUp({ email });
    expect(answer.status).toBe(first.status);
    expect(answer.body).toEqual(first.body);
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('requires every field and says which is missing', async () => {
    const answer = await server.request('POST', '/auth/register', { body: { email: uniqueEmail() } });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['confirmPassword', 'fullName', 'password', 'title']);
    expect(answer.body.errors.fullName).toBe('Full name is required');
    expect(answer.body.message).toContain('Full name is required');
  });

  it('refuses blank values', async () => {
    const { answer } = await signUp({ fullName: '   ', password: '', confirmPassword: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({ fullName: 'Full name is required', password: 'Password is required' });
  });

  it('refuses absurdly long values', async () => {
    const long = 'x'.repeat(10_000);
    for (const field of ['fullName', 'title', 'password']) {
      const overrides = field === 'password' ? { password: long, confirmPassword: long } : { [field]: long };
      const { answer } = await signUp(overrides);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[field]).toMatch(/too long/);
    }
    const { answer } = await signUp({ email: `${long}@example.test` });
    expect(answer.status).toBe(400);
  });

  it('refuses different passwords', async () => {
    const { answer } = await signUp({ confirmPassword: 'something else' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('verifies with the mailed code, then logs in', async () => {
    const { email } = await signUp();
    const answer = await verify(await server.readLatestCode(email));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Email verified successfully');
    expect((await userRow(email)).verifiedAt).toBeInstanceOf(Date);
    expect(await server.login(email, 'pw-1')).toEqual(expect.any(String));
  });

  it('accepts the code as a number, as a numeric input may send it', async () => {
    const { email } = await signUp();
    const code = await server.readLatestCode(email);
    expect((await verify(Number(code))).status).toBe(200);
  });

  it('refuses a wrong code, a malformed code and a missing code', async () => {
    const { email } = await signUp();
    const right = await server.readLatestCode(email);
    const wrong = right === '000000' ? '000001' : '000000';
    const answer = await verify(wrong);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Invalid verification code');
    expect((await verify('12ab')).status).toBe(400);
    expect((await server.request('POST', '/auth/verify', { body: {} })).body.errors).toEqual({
      code: 'Code is required',
    });
    expect((await userRow(email)).verifiedAt).toBeNull();
  });

  it('refuses a code that was already used', async () => {
    const { email } = await signUp();
    const code = await server.readLatestCode(email);
    expect((await verify(code)).status).toBe(200);
    const again = await verify(code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This verification code has already been used');
  });

  it('refuses an expired code (older than 15 minutes)', async () => {
    const { email } = await signUp();
    const row = await userRow(email);
    await server.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.userId, row.id));
    const answer = await verify(await server.readLatestCode(email));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('This verification code has expired. Request a new one.');
    expect((await userRow(email)).verifiedAt).toBeNull();
  });

  it('gives a code 15 minutes to live', async () => {
    const { email } = await signUp();
    const row = await userRow(email);
    const [code] = await server.db.select().from(verificationCodes).where(eq(verificationCodes.userId, row.id));
    const minutes = (code.expiresAt.getTime() - code.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);
  });

  it('refuses even the right code after 5 wrong tries for that email', async () => {
    const { email } = await signUp();
    const right = await server.readLatestCode(email);
    const wrongs = ['111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => c !== right).slice(0, 5);
    const answers = [];
    for (const wrong of wrongs) answers.push(await verify(wrong, email));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[3].body.message).toBe('Invalid verification code');
    expect(answers[4].body.message).toBe('Too many wrong tries for this code. Request a new one.');

    const locked = await verify(right);
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('Too many wrong tries for this code. Request a new one.');
    expect((await userRow(email)).verifiedAt).toBeNull();

    // A new code starts afresh.
    expect((await server.request('POST', '/auth/resend-verification-code', { body: { email } })).status).toBe(200);
    expect((await verify(await server.readLatestCode(email), email)).status).toBe(200);
  });

  it('resend replaces the code: the old one stops working, the new one works', async () => {
    const { email } = await signUp();
    const first = await server.readLatestCode(email);
    const resent = await server.request('POST', '/auth/resend-verification-code', { body: { email } });
    expect(resent.status).toBe(200);
    const second = await server.readLatestCode(email);
    if (first !== second) {
      const old = await verify(first);
      expect(old.status).toBe(400);
      expect(old.body.message).toBe('Invalid verification code');
    }
    const row = await userRow(email);
    expect(await server.db.select().from(verificationCodes).where(eq(verificationCodes.userId, row.id))).toHaveLength(
      1,
    );
    expect((await verify(second)).status).toBe(200);
  });

  it('answers resend the same way for an unknown email and mails nothing', async () => {
    const { email } = await signUp();
    const known = await server.request('POST', '/auth/resend-verification-code', { body: { email } });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await server.request('POST', '/auth/resend-verification-code', { body: { email: unknownEmail } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await expect(server.readLatestCode(unknownEmail)).rejects.toThrow(/no code/);
  });
});
