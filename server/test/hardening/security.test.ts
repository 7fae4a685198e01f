/**
 * Security basics the browser and the logs rely on: helmet's headers (CSP and friends) on API answers and pages,
 * CORS limited to PUBLIC_URL's origin (another origin's preflight gets no permission), upload content checks on
 * the message media route (the asset library's are in test/library/assets.test.ts), and secrets never logged —
 * the whole log at trace level is captured while accounts are created, users sign in, change passwords,
 * WhatsApp is connected (typed token and embedded sign-up) and Meta's handshake runs.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { readOutbox } from '../../src/mail/mailer';
import {
  multipartBody,
  samplePng,
  SEEDED,
  startHardeningStack,
  VERIFY_TOKEN,
  APP_SECRET,
  type HardeningStack,
  STACK_START_MS,
} from './hardening-stack';

const ORIGIN = 'https://parley.example.test';
const logLines: string[] = [];
let stack: HardeningStack;

beforeAll(async () => {
  stack = await startHardeningStack({
    env: { PUBLIC_URL: ORIGIN },
    deps: { logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } } },
  });
  await fs.mkdir(stack.server.config.webRoot, { recursive: true });
  await fs.writeFile(path.join(stack.server.config.webRoot, 'index.html'), '<!doctype html><title>Parley</title>');
}, STACK_START_MS);
afterAll(() => stack?.close());

describe('security headers (helmet)', () => {
  it.each([
    ['an API answer', '/api/user/profile', {}],
    ['an API refusal', '/api/conversations', {}],
    ['the web app', '/main', { accept: 'text/html' }],
  ])('are on %s', async (_what, url, headers) => {
    const response = await stack.server.app.inject({
      method: 'GET',
      url,
      headers: {
        ...headers,
        ...(url === '/api/user/profile' ? { authorization: `Bearer ${stack.a.owner.token}` } : {}),
      },
    });
    expect(response.statusCode).toBeLessThan(500);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
    });
    // PUBLIC_URL is https here: browsers are told to stay on https.
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    stack.server.app.inject({
      method: 'OPTIONS',
      url: '/api/user/profile',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('refuses another origin’s preflight: no permission header, so the browser blocks the call', async () => {
    for (const origin of [
      'https://evil.example',
      'http://parley.example.test',
      'https://parley.example.test.evil.example',
      'null',
    ]) {
      const response = await preflight(origin);
      expect({ origin, allowed: response.headers['access-control-allow-origin'] }).toEqual({
        origin,
        allowed: undefined,
      });
    }
  });

  it('grants our own origin, with credentials', async () => {
    const response = await preflight(ORIGIN);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gives another origin no permission on the socket’s HTTP handshake either', async () => {
    const response = await fetch(`${stack.server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    await response.arrayBuffer();
    expect(['https://evil.example', '*']).not.toContain(response.headers.get('access-control-allow-origin'));
  });

  it('gives another origin no permission to read an answer either', async () => {
    const response = await stack.server.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { origin: 'https://evil.example', authorization: `Bearer ${stack.a.owner.token}` },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('upload content checks on message media', () => {
  // Asset uploads: test/library/assets.test.ts (types read from the bytes; HTML, SVG, scripts refused; served
  // with nosniff, a sandboxing CSP and as attachments unless image/video/audio).
  const upload = async (fileName: string, type: string, bytes: Buffer) => {
    const form = multipartBody([{ field: 'file', fileName, type, bytes }]);
    return stack.server.app.inject({
      method: 'POST',
      url: `/api/conversations/${stack.a.conversationIds[0]}/media`,
      headers: { authorization: `Bearer ${stack.a.agent.token}`, 'content-type': form.contentType },
      payload: form.body,
    });
  };

  it.each([
    [
      'HTML named as a photo',
      'photo.png',
      'image/png',
      Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
    ],
    [
      'SVG with a script',
      'logo.png',
      'image/png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    ],
    ['a Windows program', 'invoice.pdf', 'application/pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)])],
    ['a zip archive', 'report.docx.zip', 'application/zip', Buffer.from('504b030414000000080000000000', 'hex')],
  ])('refuses %s with 415, by its bytes', async (_what, fileName, type, bytes) => {
    const response = await upload(fileName, type, bytes);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('takes a real image whatever the browser claims, and serves it with its true type and nosniff', async () => {
    const response = await upload('holiday.txt', 'text/plain', await samplePng());
    expect(response.statusCode).toBe(201);
    expect(response.json().content.mimeType).toBe('image/png');
    const file = await stack.server.app.inject({
      method: 'GET',
      url: `/api/messages/${response.json().id}/media`,
      headers: { authorization: `Bearer ${stack.a.agent.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('secrets never logged', () => {
  it('keeps passwords, tokens, codes and WhatsApp credentials out of the log', async () => {
    const { a, b, server } = stack;
    // More of what handles secrets, on top of the set-up (registration, verification, logins, both WhatsApp
    // connections, staff creation): a password change, a failed login, a wrong code, Meta's handshake.
    const changed = await server.request('POST', '/api/user/change-password', {
      token: b.agent.token,
      body: {
        password: b.agent.password,
        newPassword: 'brand new secret 42',
        confirmNewPassword: 'brand new secret 42',
      },
    });
    expect(changed.status).toBe(200);
    await server.request('POST', '/auth/login', { body: { email: a.owner.email, password: 'a wrong guess 1234' } });
    await server.request('POST', '/auth/login', { body: { email: a.owner.email, password: a.owner.password } });
    await server.request('POST', '/auth/verify', { body: { code: '000000', email: a.owner.email } });
    await server.request('POST', '/auth/forgot-password', { body: { email: a.agent.email } });
    const handshake = await server.request(
      'GET',
      `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=9911`,
    );
    expect(handshake.status).toBe(200);
    await server.request('POST', '/api/account/credentials', {
      token: a.owner.token,
      body: { wabaId: SEEDED.wabaId, phoneNumberId: SEEDED.phoneNumberId, token: 'EAAG-a-refused-token-123456' },
    });

    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(10_000);
    // The handshake was logged, without its token.
    expect(log).toContain('hub.verify_token=[redacted]');
    const codes = (await readOutbox(server.outboxDir))
      .map((mail) => mail.code)
      .filter((code): code is string => Boolean(code));
    expect(codes.length).toBeGreaterThan(2);
    const whatsappTokens = [...stack.sandbox.state.tokens.keys()];
    expect(whatsappTokens).toContain(SEEDED.token);
    const secrets: Record<string, string> = {
      ...Object.fromEntries(
        [a, b].flatMap((world) =>
          [world.owner, world.agent, world.suspended, world.deleted].flatMap((person) => [
            [`password of ${person.email}`, person.password],
            [`token of ${person.email}`, person.token],
          ]),
        ),
      ),
      'the new password': 'brand new secret 42',
      'the wrong password': 'a wrong guess 1234',
      'the new token': changed.body.token,
      'the refused WhatsApp token': 'EAAG-a-refused-token-123456',
      'the app secret': APP_SECRET,
      'the verify token': VERIFY_TOKEN,
      ...Object.fromEntries(whatsappTokens.map((token) => [`WhatsApp token ${token.slice(0, 6)}…`, token])),
    };
    const found = Object.entries(secrets)
      .filter(([, secret]) => log.includes(secret))
      .map(([name]) => name);
    // Six-digit codes, as a whole number (not inside a timestamp or an id).
    found.push(
      ...codes
        .filter((code) => new RegExp(`(?<![\\w.-])${code}(?![\\w.-])`).test(log))
        .map((code) => `mailed code ${code}`),
    );
    expect(found).toEqual([]);
    // No JWT of any kind, and no bearer header.
    expect(log).not.toMatch(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(log).not.toMatch(/authorization/i);
  });
});
