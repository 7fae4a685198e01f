/**
 * What the crash suites share: the BUILT server (dist/main.js) as a child process on a PGlite folder or a fresh
 * PostgreSQL database, its readiness, a JSON client, an owner connected to the sandbox's seeded number, and the
 * run's random kill points — drawn from CRASH_SEED (printed each run; set it to replay a run's kill points).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '../../../sandbox/src/sandbox';
import { readOutbox } from '../../src/mail/mailer';
import { SEEDED, waitFor } from './hardening-stack';

const { copyMigratedPglite } = require('../../../scripts/lib/pglite-template.cjs');

export const MAIN = path.resolve(__dirname, '../../dist/main.js');

export function requireBuiltServer(): void {
  if (!fs.existsSync(MAIN))
    throw new Error(`The built server is missing (${MAIN}): run \`npm run build -w @parley/server\``);
}

/** A small seeded generator (mulberry32): the same seed gives the same kill points. */
export function crashRandom(suite: string): {
  seed: number;
  next(): number;
  between(min: number, max: number): number;
} {
  const seed = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : crypto.randomInt(2 ** 31);
  process.stdout.write(`${suite} seed ${seed} — replay: CRASH_SEED=${seed} npx jest test/hardening/${suite}\n`);
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { seed, next, between: (min, max) => Math.round(min + next() * (max - min)) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<void>;
  logs: string[];
}

export function startServer(env: Record<string, string>): ServerProcess {
  const logs: string[] = [];
  const child = spawn(process.execPath, [MAIN], {
    cwd: path.dirname(MAIN),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString());
    if (logs.length > 300) logs.splice(0, logs.length - 300);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, logs };
}

export async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

export const ready = (url: string, server: ServerProcess) =>
  waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.logs.join('')}`);
      return fetch(`${url}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
    },
    'the server to be ready',
    60_000,
  );

/** The environment of a crash run: everything under `tmp`, the database chosen by the caller. */
export function crashEnv(options: {
  tmp: string;
  port: number;
  graphBase: string;
  appSecret: string;
  databaseUrl?: string;
}): Record<string, string> {
  const { tmp, port } = options;
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'crash-test-jwt-secret-crash-test-jwt-secret',
    WHATSAPP_APP_SECRET: options.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'crash-verify',
    GRAPH_API_BASE: options.graphBase,
    OUTBOX_DIR: path.join(tmp, 'outbox'),
    STORAGE_DIR: path.join(tmp, 'files'),
    WEB_ROOT: path.join(tmp, 'web'),
    DEPLOYMENTS_DIR: path.join(tmp, 'deployments'),
    DATA_DIR: tmp,
    // A dead process's claimed jobs are taken over after this lease.
    JOB_LEASE_SECONDS: '2',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { PGLITE_DIR: path.join(tmp, 'pglite') }),
  };
}

/**
 * On PGlite, fills the run's data folder with a copy of the migrated template, so the first start skips initdb
 * and the migrations (seconds of CPU, beside what the suites test: the kill and the restart).
 */
export async function prepareDatabase(env: Record<string, string>): Promise<void> {
  if (env.PGLITE_DIR) await copyMigratedPglite(env.PGLITE_DIR);
}

export function jsonClient(url: string) {
  return async (method: string, urlPath: string, body?: unknown, token?: string) => {
    const response = await fetch(`${url}${urlPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/** Signs up, verifies, logs in and connects the sandbox's seeded number; returns the owner's token. */
export async function connectedOwner(url: string, outboxDir: string): Promise<string> {
  const api = jsonClient(url);
  const email = `crash-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const password = 'crash owner password';
  const registered = await api('POST', '/auth/register', {
    fullName: 'Crash Owner',
    title: 'Owner',
    email,
    password,
    confirmPassword: password,
  });
  if (registered.status !== 201) throw new Error(`register → ${registered.status}`);
  const mail = await waitFor(
    async () => (await readOutbox(outboxDir)).find((m) => m.to === email && m.code),
    'the code',
  );
  if ((await api('POST', '/auth/verify', { code: mail.code })).status !== 200) throw new Error('verify failed');
  const token = (await api('POST', '/auth/login', { email, password })).body.token as string;
  const connected = await api(
    'POST',
    '/api/account/credentials',
    { wabaId: SEEDED.wabaId, phoneNumberId: SEEDED.phoneNumberId, token: SEEDED.token },
    token,
  );
  if (connected.status !== 200) throw new Error(`credentials → ${connected.status} ${JSON.stringify(connected.body)}`);
  return token;
}

/**
 * The sandbox as Meta for a crash test: webhooks to the server at `url`, redelivered with backoff (Meta goes on
 * for days; here ~80 s, long enough to outlast a restart on a loaded machine); statuses sent, delivered and read
 * one `statusStepMs` apart; a held (faulted) send released after `faultTimeoutMs`.
 */
export function startCrashSandbox(
  url: string,
  appSecret: string,
  options: { statusStepMs: number; answerTimeoutMs: number; faultTimeoutMs: number },
): Promise<RunningSandbox> {
  const step = options.statusStepMs;
  return startSandbox({
    port: 0,
    appSecret,
    webhookUrl: `${url}/webhooks/whatsapp`,
    statusDelaysMs: { sent: step, delivered: 2 * step, read: 3 * step },
    webhook: { maxAttempts: 40, retryBaseMs: 200, retryMaxMs: 2_000, timeoutMs: options.answerTimeoutMs },
    faultTimeoutMs: options.faultTimeoutMs,
  });
}
