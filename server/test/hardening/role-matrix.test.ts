/**
 * Role matrix over the live route table (app.listRouteAccess()): every route is tried with every kind of caller,
 * and the answer must match the access the product spec gives it (spec-access.ts, written from section 6), not
 * the route's own declaration: a route whose access changes, or a new route nobody classified, fails here. A
 * route without a declaration stops the app from starting.
 */
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import type { AppModule } from '../../src/services';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { APP_SECRET, startHardeningStack, type HardeningStack, STACK_START_MS } from './hardening-stack';
import { specAccessOf } from './spec-access';

let stack: HardeningStack;

type Caller =
  | 'none'
  | 'malformed'
  | 'basic-scheme'
  | 'other-secret'
  | 'tampered-role'
  | 'alg-none'
  | 'expired'
  | 'garbage-subject'
  | 'old-version'
  | 'suspended'
  | 'deleted'
  | 'agent'
  | 'owner';
const CALLERS: Caller[] = [
  'none',
  'malformed',
  'basic-scheme',
  'other-secret',
  'tampered-role',
  'alg-none',
  'expired',
  'garbage-subject',
  'old-version',
  'suspended',
  'deleted',
  'agent',
  'owner',
];
const SIGNED_IN: Caller[] = ['agent', 'owner'];
let authorization: Record<Caller, string | undefined>;

/** A concrete URL for a route pattern: params get ids that exist nowhere, wildcards a nested path. */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:token/g, crypto.randomBytes(32).toString('base64url'))
    .replace(/:[A-Za-z]+/g, () => crypto.randomUUID())
    .replace(/\*$/, 'some/nested/file.js');
}

interface Answer {
  status: number;
  message?: string;
  contentType?: string;
}

async function tryRoute(method: string, url: string, caller: Caller): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (authorization[caller]) headers.authorization = authorization[caller] as string;
  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers };
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    headers['content-type'] = 'application/json';
    options.payload = '{}';
  }
  const response = await stack.server.app.inject(options);
  let message: string | undefined;
  try {
    message = response.json().message;
  } catch {
    // not JSON
  }
  return { status: response.statusCode, message, contentType: String(response.headers['content-type'] ?? '') };
}

/** Routes that end the caller's session: tried last, then the matrix signs in again. */
const ENDS_SESSION = new Set(['POST /auth/logout']);

async function signInEveryone() {
  const { a } = stack;
  a.agent.token = await stack.server.login(a.agent.email, a.agent.password);
  a.owner.token = await stack.server.login(a.owner.email, a.owner.password);
  await buildCallers();
}

beforeAll(async () => {
  stack = await startHardeningStack();
  await buildCallers();
}, STACK_START_MS);

async function buildCallers() {
  const { a } = stack;
  const agentClaims = JSON.parse(Buffer.from(a.agent.token.split('.')[1], 'base64url').toString());
  const ownerClaims = JSON.parse(Buffer.from(a.owner.token.split('.')[1], 'base64url').toString());
  const [header, , signature] = a.agent.token.split('.');
  const tamperedPayload = Buffer.from(JSON.stringify({ ...agentClaims, role: 'owner' })).toString('base64url');
  const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const past = Math.floor(Date.now() / 1000) - 60;
  authorization = {
    none: undefined,
    malformed: 'Bearer not.a.jwt',
    'basic-scheme': `Basic ${Buffer.from(`${a.owner.email}:${a.owner.password}`).toString('base64')}`,
    'other-secret': `Bearer ${await stack.forgeToken(a.owner, a.accountId, {}, 'someone-elses-secret-someone-elses-secret')}`,
    'tampered-role': `Bearer ${header}.${tamperedPayload}.${signature}`,
    'alg-none': `Bearer ${unsignedHeader}.${Buffer.from(JSON.stringify({ ...agentClaims, role: 'owner' })).toString('base64url')}.`,
    expired: `Bearer ${await stack.forgeToken(a.owner, a.accountId, { iat: past - 3600, exp: past })}`,
    // Correctly signed, but naming no user id the database could even parse.
    'garbage-subject': `Bearer ${await stack.forgeToken(a.owner, 'not-an-account-id', { sub: 'not-a-user-id' })}`,
    'old-version': `Bearer ${await stack.forgeToken(a.owner, a.accountId, { tv: Number(ownerClaims.tv) + 1 })}`,
    suspended: `Bearer ${a.suspended.token}`,
    deleted: `Bearer ${a.deleted.token}`,
    agent: `Bearer ${a.agent.token}`,
    owner: `Bearer ${a.owner.token}`,
  };
}
afterAll(() => stack?.close());

describe('role matrix over the live route table', () => {
  it('every route declares one of the four kinds of access, and the table covers the documented API', () => {
    const table = stack.server.app.listRouteAccess();
    expect(table.length).toBeGreaterThan(40);
    for (const route of table) expect(['public', 'user', 'owner', 'webhook']).toContain(route.access);
    const declared = new Set(table.map((route) => `${route.method} ${route.url}`));
    for (const documented of [
      'POST /auth/login',
      'GET /api/user/profile',
      'PUT /api/account',
      'POST /api/account/credentials',
      'GET /api/conversations/:id',
      'POST /api/conversations/:id/messages/:messageId/retry',
      'DELETE /api/account/users/:id',
      'POST /api/account/assets',
      'POST /api/account/flows/:id',
      'DELETE /api/contacts/:id',
      'POST /webhooks/whatsapp',
    ]) {
      expect(declared).toContain(documented);
    }
  });

  it('gives every route the access the spec gives it', () => {
    const differences = stack.server.app
      .listRouteAccess()
      .filter((route) => route.method !== 'OPTIONS')
      .map((route) => ({
        route: `${route.method} ${route.url}`,
        declared: route.access,
        spec: specAccessOf(route.method, route.url),
      }))
      .filter((entry) => entry.declared !== entry.spec)
      .map((entry) =>
        entry.spec
          ? `${entry.route} is declared ${entry.declared}, the spec says ${entry.spec}`
          : `${entry.route} (${entry.declared}) is not in test/hardening/spec-access.ts: classify it under the spec`,
      );
    expect(differences).toEqual([]);
  });

  // The sweep runs in parts, each within the usual time limit for a test on a busy machine; the last test checks
  // that the parts together tried every route.
  const PARTS = 3;
  let tried = 0;
  const routesTried = new Set<string>();
  it.each(Array.from({ length: PARTS }, (_, part) => [part + 1]))(
    `answers every route as the spec says, for each of 13 kinds of caller (part %i of ${PARTS})`,
    async (part) => {
      const table = stack.server.app
        .listRouteAccess()
        .sort(
          (x, y) => Number(ENDS_SESSION.has(`${x.method} ${x.url}`)) - Number(ENDS_SESSION.has(`${y.method} ${y.url}`)),
        )
        .filter((_, index) => index % PARTS === part - 1);
      const problems: string[] = [];
      for (const route of table) {
        // The CORS plugin's catch-all preflight route: covered by the security suite.
        if (route.method === 'OPTIONS') continue;
        routesTried.add(`${route.method} ${route.url}`);
        const access = specAccessOf(route.method, route.url);
        const url = concreteUrl(route.url);
        const answers = {} as Record<Caller, Answer>;
        for (const caller of CALLERS) {
          answers[caller] = await tryRoute(route.method, url, caller);
          tried += 1;
        }
        const where = `${route.method} ${route.url} (spec: ${access ?? 'unclassified'})`;
        for (const caller of CALLERS) {
          const { status, message, contentType } = answers[caller];
          if (status >= 500) problems.push(`${where} as ${caller}: ${status}`);
          if (status >= 400 && route.method !== 'HEAD' && (!message || !contentType?.includes('application/json')))
            problems.push(`${where} as ${caller}: ${status} without a JSON message`);
        }
        const statusOf = (caller: Caller) => answers[caller].status;
        switch (access) {
          case 'public':
          case 'webhook': {
            // A token neither opens nor closes these routes: every caller gets the same answer, never a 401 for
            // lacking a token. (Public file links answer 403 for a bad link signature, whoever asks.)
            const statuses = new Set(CALLERS.map(statusOf));
            if (statuses.size !== 1) problems.push(`${where}: answers differ by caller ${JSON.stringify(answers)}`);
            if (access === 'public' && statusOf('none') === 401) problems.push(`${where}: 401 without a token`);
            if (
              access === 'public' &&
              statusOf('none') === 403 &&
              /owner|sign|log in/i.test(answers.none.message ?? '')
            )
              problems.push(`${where}: 403 for lack of a session: ${answers.none.message}`);
            break;
          }
          case 'user':
          case 'owner': {
            for (const caller of CALLERS.filter((c) => !SIGNED_IN.includes(c))) {
              if (statusOf(caller) !== 401) problems.push(`${where} as ${caller}: ${statusOf(caller)}, expected 401`);
            }
            if ([401, 403].includes(statusOf('owner'))) problems.push(`${where} as owner: ${statusOf('owner')}`);
            if (access === 'user' && [401, 403].includes(statusOf('agent')))
              problems.push(`${where} as agent: ${statusOf('agent')}`);
            if (access === 'owner' && statusOf('agent') !== 403)
              problems.push(`${where} as agent: ${statusOf('agent')}, expected 403`);
            break;
          }
          default:
            problems.push(`${where}: not in the spec table`);
        }
        if (ENDS_SESSION.has(`${route.method} ${route.url}`)) await signInEveryone();
      }
      expect(problems).toEqual([]);
    },
  );

  it('tried every route of the table with every kind of caller', () => {
    const table = stack.server.app.listRouteAccess().filter((route) => route.method !== 'OPTIONS');
    expect([...routesTried].sort()).toEqual(table.map((route) => `${route.method} ${route.url}`).sort());
    if (process.env.HARDENING_SUMMARY)
      console.log(JSON.stringify({ roleMatrix: { routes: table.length, callers: CALLERS.length, tried } }));
    expect(tried).toBeGreaterThan(40 * CALLERS.length);
  });

  it('the webhook answers by its signature, never by a bearer token', async () => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const post = (headers: Record<string, string>) =>
      stack.server.app.inject({
        method: 'POST',
        url: '/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    expect((await post({ authorization: `Bearer ${stack.a.owner.token}` })).statusCode).toBe(401);
    expect((await post({ 'x-hub-signature-256': signWebhookBody(body, APP_SECRET) })).statusCode).toBe(200);
    const handshake = await stack.server.app.inject({
      method: 'GET',
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=42',
      headers: { authorization: `Bearer ${stack.a.owner.token}` },
    });
    expect(handshake.statusCode).toBe(403);
  });

  it('the socket handshake accepts the agent and the owner only', async () => {
    const refused: Record<string, string> = {};
    for (const caller of CALLERS) {
      const header = authorization[caller];
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : header;
      try {
        const socket = await stack.openSocket(token);
        socket.close();
      } catch (error) {
        refused[caller] = (error as Error).message;
      }
    }
    expect(Object.keys(refused).sort()).toEqual(CALLERS.filter((c) => !SIGNED_IN.includes(c)).sort());
  });
});

describe('route declarations are enforced at start', () => {
  // The running server's database: nothing new to migrate, and the failed app must leave it open. (PostgreSQL
  // migrations take a lock on a connection of their own, so there a second pool on the same database.)
  const startWith = async (module: AppModule) => {
    const database =
      stack.server.dbKind === 'postgres'
        ? await openDatabase(stack.server.config)
        : { db: stack.server.db, kind: stack.server.dbKind, close: async () => undefined };
    try {
      return await buildApp(stack.server.config, { database, extraModules: [module], logger: false });
    } finally {
      await database.close();
    }
  };

  it('refuses a route without an access declaration', async () => {
    await expect(
      startWith({ name: 'undeclared', register: (app) => void app.get('/api/undeclared', async () => ({})) }),
    ).rejects.toThrow(/GET \/api\/undeclared has no access declaration/);
  });

  it('refuses an access kind that does not exist', async () => {
    await expect(
      startWith({
        name: 'misdeclared',
        register: (app) =>
          void app.post('/api/misdeclared', { config: { access: 'everyone' as never } }, async () => ({})),
      }),
    ).rejects.toThrow(/POST \/api\/misdeclared has no access declaration/);
  });
});
