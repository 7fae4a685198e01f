/**
 * The attacks of the second security round (docs/reliability.md), each against the real server on the real
 * database with the real rate limits: guessing reset codes across accounts, a token signed with a secret that
 * was public, a token kept after Logout, password spraying and one account attacked from many addresses, and
 * account enumeration at sign-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { readOutbox } from '../../src/mail/mailer';
import { connected, openSocket, refusal } from '../helpers/socket';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  // No JWT_SECRET, as a demo or a careless install runs: the server must draw its own.
  server = await startTestServer({ env: { JWT_SECRET: '' } });
});
afterAll(() => server?.close());

let addressCounter = 0;
/** A fresh client address each call: the attacker with many IPs. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

/** A POST from a given client address (the real limiter keys by it). */
async function post(url: string, body: unknown, remoteAddress = freshAddress()) {
  const response = await server.app.inject({ method: 'POST', url, payload: body as object, remoteAddress });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('reset codes are bound to their account', () => {
  it('checks a code only against the account of the email sent with it, which is required', async () => {
    const victim = await server.registerAndVerify();
    const attacker = await server.registerAndVerify();
    await post('/auth/forgot-password', { email: victim.email });
    await post('/auth/forgot-password', { email: attacker.email });
    const attackerCode = await server.readLatestCode(attacker.email);

    // The old attack: a code with no account, matched against every account's live codes.
    const unbound = await post('/auth/reset-password', {
      code: attackerCode,
      password: 'taken over',
      confirmPassword: 'taken over',
    });
    expect(unbound.status).toBe(400);
    expect(unbound.body.message).toBe('Email is required');

    // A live code of one account does not open another.
    const crossed = await post('/auth/reset-password', {
      email: victim.email,
      code: attackerCode,
      password: 'taken over',
      confirmPassword: 'taken over',
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe('Invalid verification code');
    await expect(server.login(victim.email, 'taken over')).rejects.toThrow(/401/);

    // An unknown email answers like a wrong code.
    const ghost = await post('/auth/reset-password', {
      email: uniqueEmail('ghost'),
      code: attackerCode,
      password: 'x',
      confirmPassword: 'x',
    });
    expect(ghost).toMatchObject({ status: 400, body: { message: 'Invalid verification code' } });
  });

  it('refuses even the right code after 5 wrong tries, each from another address', async () => {
    const victim = await server.registerAndVerify();
    await post('/auth/forgot-password', { email: victim.email });
    const code = await server.readLatestCode(victim.email);
    const wrongCodes = Array.from({ length: 5 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const messages = [];
    for (const wrong of wrongCodes) {
      const answer = await post('/auth/reset-password', {
        email: victim.email,
        code: wrong,
        password: 'guessed',
        confirmPassword: 'guessed',
      });
      messages.push(answer.body.message);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('Invalid verification code'));
    expect(messages[4]).toBe('Too many wrong tries for this code. Request a new one.');
    const right = await post('/auth/reset-password', {
      email: victim.email,
      code,
      password: 'guessed',
      confirmPassword: 'guessed',
    });
    expect(right).toMatchObject({
      status: 400,
      body: { message: 'Too many wrong tries for this code. Request a new one.' },
    });
    expect(await server.login(victim.email, victim.password)).toEqual(expect.any(String));
  });

  it('limits code checks per account across addresses, and new codes per account likewise', async () => {
    const victim = await server.registerAndVerify();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const answer = await post('/auth/reset-password', {
        email: victim.email,
        code: String(100000 + i),
        password: 'guessed',
        confirmPassword: 'guessed',
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);

    const mails: number[] = [];
    for (let i = 0; i < 6; i += 1) mails.push((await post('/auth/forgot-password', { email: victim.email })).status);
    // The sign-up's verification mail was the first of the 5 codes this quarter-hour.
    expect(mails).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('secrets', () => {
  it('never signs with a constant: a token forged with the old development secret is refused', async () => {
    const owner = await server.registerAndVerify();
    const forged = await new SignJWT({
      acc: owner.accountId,
      role: 'owner',
      lastLoginDate: new Date().toISOString(),
      tv: 0,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(owner.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('parley-development-secret-do-not-use-in-production'));
    expect((await server.request('GET', '/api/user/profile', { token: forged })).status).toBe(401);
    // The secret it does use was drawn for this data folder, kept readable by the server's user only.
    const file = path.join(server.tmpDir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(server.config.auth.jwtSecret).toBe(JSON.parse(fs.readFileSync(file, 'utf8')).jwtSecret);
    const token = await server.login(owner.email, owner.password);
    expect((await server.request('GET', '/api/user/profile', { token })).status).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the token on the server and closes that session’s sockets', async () => {
    const { token, ...owner } = await server.signedInOwner();
    const socket = await connected(openSocket(server.url, token), 'connect');
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    try {
      const answer = await server.request('POST', '/auth/logout', { token });
      expect(answer).toMatchObject({ status: 200, body: { message: 'Logged out' } });
      expect(await closed).toBe('io server disconnect');
      // A copy of the token kept after Logout opens nothing, over HTTP or the socket.
      const replay = await server.request('GET', '/api/user/profile', { token });
      expect(replay).toMatchObject({ status: 401, body: { message: 'Your session has ended, please log in again' } });
      const refused = await refusal(openSocket(server.url, token));
      expect(refused).toBe('Your session has ended, please log in again');
      // Logging in again works.
      expect(await server.login(owner.email, owner.password)).toEqual(expect.any(String));
    } finally {
      socket.close();
    }
  });

  it('needs a session', async () => {
    expect((await server.request('POST', '/auth/logout')).status).toBe(401);
  });
});

describe('login limits', () => {
  it('stops password spraying: 30 emails from one address meet a 429 before the end', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      statuses.push(
        (await post('/auth/login', { email: uniqueEmail('spray'), password: 'Summer2026!' }, address)).status,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // Another address is not affected.
    const owner = await server.registerAndVerify();
    expect((await post('/auth/login', { email: owner.email, password: owner.password })).status).toBe(200);
  });

  it('keeps the per-account limit when each attempt comes from another address', async () => {
    const owner = await server.registerAndVerify();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await post('/auth/login', { email: owner.email, password: `guess ${i}` })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const limited = await post('/auth/login', { email: owner.email, password: owner.password });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many login attempts. Please wait a minute and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-up does not tell who has an account', () => {
  const signUp = (email: string) =>
    post('/auth/register', { fullName: 'Someone', title: 'Curious', email, password: 'pw', confirmPassword: 'pw' });

  it('answers a taken email as a new one and mails its owner instead', async () => {
    const owner = await server.registerAndVerify();
    const fresh = await signUp(uniqueEmail('fresh'));
    const taken = await signUp(owner.email.toUpperCase());
    expect({ status: taken.status, body: taken.body }).toEqual({ status: fresh.status, body: fresh.body });
    expect(taken.status).toBe(201);

    const mails = (await readOutbox(server.outboxDir)).filter((mail) => mail.to === owner.email);
    const notice = mails.at(-1);
    expect(notice?.subject).toBe('Someone tried to sign up with your address');
    expect(notice?.code).toBeUndefined();
    expect(notice?.text).toContain(`${server.config.publicUrl}/forgot-password`);
    // Their password is untouched.
    expect(await server.login(owner.email, owner.password)).toEqual(expect.any(String));
  });

  it('mails a fresh verification code when the taken email was never verified', async () => {
    const email = uniqueEmail('unverified');
    await signUp(email);
    const first = await server.readLatestCode(email);
    expect((await signUp(email)).status).toBe(201);
    const second = await server.readLatestCode(email);
    expect(second).not.toBe(first);
    expect((await post('/auth/verify', { code: second })).status).toBe(200);
  });
});
