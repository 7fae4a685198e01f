/**
 * startTestServer: the REAL app listening on a random port, over a fresh PGlite (a copied template) or PostgreSQL
 * database (option `db`, else the jest project's PARLEY_TEST_DB, else env TEST_DB, else 'pglite'), with its
 * own outbox, storage, web and deployments folders in a temporary directory. Helpers drive it over HTTP.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp, type BuildAppDeps, type BuiltApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import { readOutbox } from '../../src/mail/mailer';
import { accounts } from '../../src/modules/accounts/schema';
import { createPasswordHasher } from '../../src/modules/auth/passwords';
import { users, type UserRole, type UserStatus } from '../../src/modules/users/schema';
import { createTemporaryDatabase } from './postgres';

const { copyMigratedPglite } = require('../../../scripts/lib/pglite-template.cjs');

export type TestDbKind = 'pglite' | 'postgres';

export interface StartTestServerOptions {
  db?: TestDbKind;
  /** Extra environment for loadConfig (NODE_ENV=test and the temporary folders are set already). */
  env?: Record<string, string>;
  deps?: BuildAppDeps;
}

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestUser {
  id: string;
  accountId: string;
  email: string;
  password: string;
  fullName: string;
  title: string;
}

export interface TestServer {
  url: string;
  app: BuiltApp['app'];
  server: BuiltApp;
  db: Db;
  dbKind: TestDbKind;
  config: Config;
  outboxDir: string;
  /** The temporary folder holding outbox/, files/, web/ and deployments/. */
  tmpDir: string;
  close(): Promise<void>;
  /** fetch against the server; JSON in and out. */
  request<T = any>(method: string, urlPath: string, options?: RequestOptions): Promise<HttpAnswer<T>>;
  /** Signs up through the API, verifies with the mailed code; returns the new owner. */
  registerAndVerify(
    overrides?: Partial<Pick<TestUser, 'email' | 'password' | 'fullName' | 'title'>>,
  ): Promise<TestUser>;
  /** Logs in through the API and returns the token (throws unless 200). */
  login(email: string, password: string): Promise<string>;
  /** Inserts an agent (verified, active unless told otherwise) straight into the database. */
  createAgent(options: {
    accountId: string;
    email?: string;
    password?: string;
    fullName?: string;
    title?: string;
    role?: UserRole;
    status?: UserStatus;
    verified?: boolean;
  }): Promise<TestUser>;
  /** The code of the newest outbox mail sent to `email` (throws when there is none). */
  readLatestCode(email: string): Promise<string>;
  /** registerAndVerify, then login: a new account's owner with a token. */
  signedInOwner(overrides?: Parameters<TestServer['registerAndVerify']>[0]): Promise<SignedInUser>;
  /** createAgent, then login: a staff member with a token. */
  signedInAgent(options: Parameters<TestServer['createAgent']>[0]): Promise<SignedInUser>;
}

export type SignedInUser = TestUser & { token: string };

export const uniqueEmail = (prefix = 'user') => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;

/** The database this test run uses (see startTestServer). */
export function chosenDb(option?: TestDbKind): TestDbKind {
  const fromProject = (globalThis as { PARLEY_TEST_DB?: string }).PARLEY_TEST_DB;
  const value = option ?? fromProject ?? process.env.TEST_DB ?? 'pglite';
  if (value !== 'pglite' && value !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres, got ${value}`);
  return value;
}

export async function startTestServer(options: StartTestServerOptions = {}): Promise<TestServer> {
  const dbKind = chosenDb(options.db);
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-test-'));
  const outboxDir = path.join(tmpDir, 'outbox');
  const temporaryDb = dbKind === 'postgres' ? await createTemporaryDatabase() : undefined;

  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // A copy of the migrated template (scripts/lib/pglite-template.cjs): no initdb, no migrations per server.
    PGLITE_DIR:
      dbKind === 'pglite' && !options.env?.PGLITE_DIR
        ? await copyMigratedPglite(path.join(tmpDir, 'pglite'))
        : 'memory://',
    OUTBOX_DIR: outboxDir,
    STORAGE_DIR: path.join(tmpDir, 'files'),
    WEB_ROOT: path.join(tmpDir, 'web'),
    DEPLOYMENTS_DIR: path.join(tmpDir, 'deployments'),
    // The generated ENCRYPTION_KEY (and any unset secret) is kept here, not in the repository's data/.
    DATA_DIR: tmpDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...(temporaryDb ? { DATABASE_URL: temporaryDb.url } : {}),
    ...options.env,
  });

  let built: BuiltApp;
  try {
    built = await buildApp(config, options.deps);
    await built.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await temporaryDb?.drop().catch(() => undefined);
    await fs.rm(tmpDir, { recursive: true, force: true });
    throw error;
  }
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  const hasher = createPasswordHasher(config.auth.passwordHashing);

  const request = async <T = any>(
    method: string,
    urlPath: string,
    opts: RequestOptions = {},
  ): Promise<HttpAnswer<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const response = await fetch(url + urlPath, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  };

  const readLatestCode = async (email: string) => {
    const mails = (await readOutbox(outboxDir)).filter((mail) => mail.to === email.toLowerCase() && mail.code);
    const latest = mails.at(-1);
    if (!latest?.code) throw new Error(`no code mailed to ${email}`);
    return latest.code;
  };

  const login = async (email: string, password: string) => {
    const answer = await request('POST', '/auth/login', { body: { email, password } });
    if (answer.status !== 200)
      throw new Error(`login ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.token as string;
  };

  const userByEmail = async (email: string) =>
    (await built.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

  const testServer: TestServer = {
    url,
    app: built.app,
    server: built,
    db: built.db,
    dbKind,
    config,
    outboxDir,
    tmpDir,
    request,
    login,
    readLatestCode,
    async registerAndVerify(overrides = {}) {
      const user = {
        email: overrides.email ?? uniqueEmail('owner'),
        password: overrides.password ?? 'correct horse battery',
        fullName: overrides.fullName ?? 'Test Owner',
        title: overrides.title ?? 'Founder',
      };
      const registered = await request('POST', '/auth/register', { body: { ...user, confirmPassword: user.password } });
      if (registered.status !== 201)
        throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
      const verified = await request('POST', '/auth/verify', { body: { code: await readLatestCode(user.email) } });
      if (verified.status !== 200)
        throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
      const row = await userByEmail(user.email);
      return { ...user, id: row.id, accountId: row.accountId };
    },
    async createAgent(agent) {
      const user = {
        email: (agent.email ?? uniqueEmail('agent')).toLowerCase(),
        password: agent.password ?? 'agent password',
        fullName: agent.fullName ?? 'Test Agent',
        title: agent.title ?? 'Support',
      };
      const [row] = await built.db
        .insert(users)
        .values({
          accountId: agent.accountId,
          fullName: user.fullName,
          title: user.title,
          email: user.email,
          passwordHash: await hasher.hash(user.password),
          role: agent.role ?? 'agent',
          status: agent.status ?? 'active',
          verifiedAt: agent.verified === false ? null : new Date(),
        })
        .returning({ id: users.id });
      return { ...user, id: row.id, accountId: agent.accountId };
    },
    async signedInOwner(overrides) {
      const owner = await testServer.registerAndVerify(overrides);
      return { ...owner, token: await login(owner.email, owner.password) };
    },
    async signedInAgent(options) {
      const agent = await testServer.createAgent(options);
      return { ...agent, token: await login(agent.email, agent.password) };
    },
    async close() {
      await built.close();
      await temporaryDb?.drop();
      await fs.rm(tmpDir, { recursive: true, force: true });
    },
  };
  return testServer;
}

/**
 * A test server for the enclosing describe block: started before its tests together with what `prepare` makes on
 * it (users, tokens), closed after them. The object is filled in by then; read it inside tests and hooks.
 */
export function testServerFor<T extends object>(
  prepare: (server: TestServer) => Promise<T>,
): { server: TestServer } & T {
  const context = {} as { server: TestServer } & T;
  beforeAll(async () => {
    const server = await startTestServer();
    Object.assign(context, { server }, await prepare(server));
  });
  afterAll(() => context.server.close());
  return context;
}

/** An account with no users, for tests that build their own cast. */
export async function createAccount(db: Db, name = 'Test Account'): Promise<string> {
  const [row] = await db.insert(accounts).values({ name }).returning({ id: accounts.id });
  return row.id;
}
