/**
 * The hardening suites' world: the sandbox (Meta stand-in) in-process and the real server pointed at it, with two
 * accounts built through the API as a customer would build them — A connected with typed credentials to the
 * sandbox's seeded number, B through the embedded sign-up — each with an owner, an agent, a suspended user,
 * contacts, conversations with incoming and outgoing messages, assets and forms. The suites try every route
 * against this world (role matrix, account matrix, bad input).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { startSandbox, type RunningSandbox } from '../../../sandbox/src/sandbox';
import { connected, openSocket as open } from '../helpers/socket';
import { startTestServer, uniqueEmail, type StartTestServerOptions, type TestServer } from '../helpers/test-server';
import { waitFor as waitUntil } from '../helpers/wait-for';

export const APP_SECRET = 'hardening-app-secret';
export const VERIFY_TOKEN = 'hardening-verify-token';
export const FB_APP_ID = '100000000000999';
export const SEEDED = { wabaId: '100000000000001', phoneNumberId: '100000000000002', token: 'sandbox-token-demo' };

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface AccountWorld {
  name: string;
  accountId: string;
  owner: Person;
  agent: Person;
  /** Signed in, then suspended by the owner: the token is still well-formed and unexpired. */
  suspended: Person;
  /** Signed in, then deleted by the owner. */
  deleted: Person;
  phoneNumberId: string;
  customerPhones: string[];
  contactIds: string[];
  conversationIds: string[];
  /** Incoming and outgoing, each with its conversation. */
  messages: Array<{ id: string; conversationId: string; direction: string }>;
  assetIds: string[];
  /** The capability tokens of the asset file URLs (/api/files/assets/<token>). */
  assetFileTokens: string[];
  flowIds: string[];
  /** Every text of this account a leak would show: names, phones, message texts, e-mails. */
  secrets: string[];
}

export interface HardeningStack {
  server: TestServer;
  sandbox: RunningSandbox;
  a: AccountWorld;
  b: AccountWorld;
  close(): Promise<void>;
  /** The sandbox's control API. */
  control<T = any>(method: string, urlPath: string, body?: unknown): Promise<T>;
  /** A JWT signed with the server's secret, with the claims of `person` and the given overrides. */
  forgeToken(person: Person, accountId: string, claims: Record<string, unknown>, secret?: string): Promise<string>;
  /** A socket.io client; resolves once connected, rejects with the refusal message. */
  openSocket(token: string | undefined): Promise<Socket>;
}

export interface HardeningOptions {
  env?: Record<string, string>;
  deps?: StartTestServerOptions['deps'];
}

/** waitFor with this suite's longer default (15_000 ms). */
export const waitFor = <T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> => waitUntil(probe, what, timeoutMs);

export const samplePng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/** multipart/form-data body with `files`, for app.inject or fetch. */
export function multipartBody(parts: Array<{ field: string; fileName?: string; type?: string; bytes: Buffer }>) {
  const boundary = `----parley${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.field}"; filename="${part.fileName}"`
      : `form-data; name="${part.field}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.fileName ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The limit for a suite's beforeAll that starts the stack: a server, the sandbox and two accounts' worth of data
 * built through the API and the webhook. That is setup, not what the suites test, and takes over 30 s (the limit
 * for one test) on a busy machine.
 */
export const STACK_START_MS = 120_000;

export async function startHardeningStack(options: HardeningOptions = {}): Promise<HardeningStack> {
  const sandbox = await startSandbox({
    port: 0,
    appSecret: APP_SECRET,
    verifyToken: VERIFY_TOKEN,
    appId: FB_APP_ID,
    webhookUrl: 'http://127.0.0.1:9/not-yet',
    statusDelaysMs: { sent: 30, delivered: 60, read: 90 },
    webhook: { maxAttempts: 6, retryBaseMs: 100, retryMaxMs: 500, timeoutMs: 5_000 },
    faultTimeoutMs: 2_000,
  });
  let server: TestServer;
  try {
    server = await startTestServer({
      env: {
        GRAPH_API_BASE: sandbox.graphBase,
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
        FB_APP_ID,
        ...options.env,
      },
      // The real rate limits: the suites count with them (each fuzz request comes from an address of its own).
      deps: options.deps,
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  sandbox.state.delivery.webhookUrl = `${server.url}/webhooks/whatsapp`;

  const control = async (method: string, urlPath: string, body?: unknown) => {
    const response = await fetch(`${sandbox.url}/_sandbox${urlPath}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox ${method} ${urlPath}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  const call = async (method: string, urlPath: string, token: string, body?: unknown, expected = [200, 201]) => {
    const answer = await server.request(method, urlPath, { token, body });
    if (!expected.includes(answer.status))
      throw new Error(`${method} ${urlPath} → ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  const openSocket = (token: string | undefined) => connected(open(server.url, token), 'connect');

  const forgeToken = async (
    person: Person,
    accountId: string,
    claims: Record<string, unknown>,
    secret = server.config.auth.jwtSecret,
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const current = JSON.parse(Buffer.from(person.token.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const { exp, iat, sub, ...rest } = { ...current, acc: accountId, ...claims } as Record<string, unknown>;
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(sub ?? person.id))
      .setIssuedAt(typeof iat === 'number' ? iat : now)
      .setExpirationTime(typeof exp === 'number' ? exp : now + 3600)
      .sign(new TextEncoder().encode(secret));
  };

  const png = await samplePng();
  let customerCounter = 0;

  async function buildAccount(name: string, connectTo: 'credentials' | 'signup'): Promise<AccountWorld> {
    const ownerUser = await server.registerAndVerify({
      fullName: `${name} Owner`,
      email: uniqueEmail(`owner-${name}`),
    });
    const ownerToken = await server.login(ownerUser.email, ownerUser.password);
    await call('PUT', '/api/account', ownerToken, { name: `${name} Trading Co` });

    let phoneNumberId: string;
    if (connectTo === 'credentials') {
      await call('POST', '/api/account/credentials', ownerToken, {
        wabaId: SEEDED.wabaId,
        phoneNumberId: SEEDED.phoneNumberId,
        token: SEEDED.token,
      });
      phoneNumberId = SEEDED.phoneNumberId;
    } else {
      const signup = sandbox.signup({ codeTtlMs: 60_000 });
      await call('POST', '/api/user/first-onboard', ownerToken, {
        wabaId: signup.wabaId,
        phoneNumberId: signup.phoneNumberId,
        code: signup.code,
      });
      phoneNumberId = signup.phoneNumberId;
    }

    const staff = async (role: string) => {
      const email = uniqueEmail(`${role}-${name}`);
      const password = `${role} password ${name}`;
      const created = await call('POST', '/api/account/users', ownerToken, {
        fullName: `${name} ${role}`,
        title: 'Support',
        email,
        password,
      });
      return { id: created.id as string, email, password, token: await server.login(email, password) };
    };
    const agent = await staff('agent');
    const suspended = await staff('suspended');
    const deleted = await staff('deleted');
    await call('PUT', `/api/account/users/${suspended.id}/status`, ownerToken, { status: 'hold' });
    await call('DELETE', `/api/account/users/${deleted.id}`, ownerToken);

    const contactIds: string[] = [];
    const customerPhones: string[] = [];
    const secrets = [ownerUser.email, agent.email, `${name} Trading Co`];
    for (let i = 0; i < 2; i += 1) {
      customerCounter += 1;
      const phone = `1666${String(Date.now()).slice(-6)}${String(customerCounter).padStart(2, '0')}`;
      customerPhones.push(phone);
      const contact = await call('POST', '/api/contacts', ownerToken, {
        name: `${name} Customer ${i}`,
        phone: `+${phone}`,
        email: `${name.toLowerCase()}-customer-${i}@example.test`,
      });
      contactIds.push(contact.id);
      secrets.push(phone, `${name} Customer ${i}`);
    }

    // Each customer writes (incoming, through the sandbox's signed webhook) and gets an answer (outgoing).
    const conversationIds: string[] = [];
    const messages: AccountWorld['messages'] = [];
    for (const [i, phone] of customerPhones.entries()) {
      const text = `${name} secret question ${i} ${crypto.randomBytes(4).toString('hex')}`;
      secrets.push(text);
      sandbox.inbound({ from: `+${phone}`, name: `${name} Profile ${i}`, type: 'text', text, phoneNumberId } as never);
      const conversation = await waitFor(async () => {
        const list = await call('GET', `/api/conversations?q=${phone}`, ownerToken);
        return (list.list as Array<{ id: string; contact: { phone: string } }>).find((c) => c.contact.phone === phone);
      }, `${name}'s customer ${phone}`);
      conversationIds.push(conversation.id);
      const answerText = `${name} secret answer ${i}`;
      secrets.push(answerText);
      await call('POST', `/api/conversations/${conversation.id}`, ownerToken, { text: answerText });
      const detail = await call('GET', `/api/conversations/${conversation.id}`, ownerToken);
      for (const message of detail.messages as Array<{ id: string; direction: string }>) {
        messages.push({ id: message.id, conversationId: conversation.id, direction: message.direction });
      }
    }

    const { body: form, contentType } = multipartBody([
      { field: 'files', fileName: `${name}-logo.png`, type: 'image/png', bytes: png },
    ]);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: '/api/account/assets',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': contentType },
      payload: form,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload → ${uploaded.statusCode} ${uploaded.body}`);
    const assets = uploaded.json().list as Array<{ id: string; url: string }>;

    const flows = (await call('GET', '/api/account/flows', ownerToken)) as Array<{ id: string }>;
    if (flows.length === 0) throw new Error(`${name} has no forms after the sync`);

    return {
      name,
      accountId: ownerUser.accountId,
      owner: { id: ownerUser.id, email: ownerUser.email, password: ownerUser.password, token: ownerToken },
      agent,
      suspended,
      deleted,
      phoneNumberId,
      customerPhones,
      contactIds,
      conversationIds,
      messages,
      assetIds: assets.map((asset) => asset.id),
      assetFileTokens: assets.map((asset) => asset.url.split('/').pop() as string),
      flowIds: flows.map((flow) => flow.id),
      secrets,
    };
  }

  try {
    const a = await buildAccount('Alpha', 'credentials');
    const b = await buildAccount('Bravo', 'signup');
    // Let the sends of the set-up settle (sent → delivered → read) so they do not race the suites.
    await sandbox.waitForIdle(15_000).catch(() => undefined);
    return {
      server,
      sandbox,
      a,
      b,
      control,
      forgeToken,
      openSocket,
      async close() {
        await sandbox.close();
        await server.close();
      },
    };
  } catch (error) {
    await sandbox.close();
    await server.close();
    throw error;
  }
}

/** Every file under `folder` (the storage folder), for "nothing half-written" checks. */
export async function countFiles(folder: string): Promise<number> {
  let total = 0;
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(path.join(dir, entry.name));
      else total += 1;
    }
  };
  await walk(folder);
  return total;
}
