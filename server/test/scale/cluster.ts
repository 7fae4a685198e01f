/**
 * Several BUILT Parley servers (server/dist/main.js) as child processes on one fresh PostgreSQL database and one
 * Redis (a key prefix of their own), as in production: each its own port, the same secrets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createTemporaryDatabase, type TemporaryDatabase } from '../helpers/postgres';
import { REDIS_URL } from './services';
import { waitFor } from '../helpers/wait-for';

export const SERVER_ROOT = path.resolve(__dirname, '../..');
export const MAIN = path.join(SERVER_ROOT, 'dist/main.js');

export const APP_SECRET = 'scale-test-app-secret';
export const JWT_SECRET = 'scale-test-jwt-secret-scale-test-jwt-secret';
export const ENCRYPTION_KEY = crypto.randomBytes(32).toString('base64');

/** A free TCP port on loopback. */
export const { freePort } = require('../../../scripts/lib/free-port.cjs') as { freePort: () => Promise<number> };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export { waitFor };

/** The built server must exist (npm test builds first; alone: npm run build -w @parley/server). */
export function requireBuiltServer(): void {
  if (!fs.existsSync(MAIN) || !fs.existsSync(path.join(SERVER_ROOT, 'dist/scale/shared-state.js'))) {
    throw new Error(`The built server is missing (${MAIN}): run \`npm run build -w @parley/server\` first`);
  }
}

export interface ParleyProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  readonly pid: number;
  /** The last lines it printed (for failure messages). */
  logs(): string;
  /** Resolves once it answers /readyz. */
  ready(): Promise<void>;
  /** SIGTERM (graceful) and wait for the exit; SIGKILL after 15 s (a loaded CI machine drains slowly). */
  stop(): Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<number | null>;
}

export function startProcess(name: string, port: number, env: Record<string, string>): ParleyProcess {
  const lines: string[] = [];
  const child = spawn(process.execPath, [MAIN], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const logs = () => `--- ${name} (pid ${child.pid}) ---\n${lines.join('\n')}`;
  return {
    name,
    port,
    url,
    child,
    get pid() {
      return child.pid ?? -1;
    },
    logs,
    exited,
    kill: (signal) => void child.kill(signal),
    async ready() {
      await waitFor(
        async () => {
          if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(`${name} exited before it was ready:\n${logs()}`);
          try {
            return (await fetch(`${url}/readyz`)).ok;
          } catch {
            return false;
          }
        },
        `${name} to be ready\n${logs()}`,
        30_000,
      );
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface Cluster {
  processes: ParleyProcess[];
  database: TemporaryDatabase;
  redisKeyPrefix: string;
  tmpDir: string;
  deploymentsDir: string;
  /** Environment every process shares (PORT/PUBLIC_URL/GRAPH_API_BASE added per process). */
  env: Record<string, string>;
  /** All processes' recent output. */
  logs(): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  names: string[];
  /** Per process extra environment (e.g. its own GRAPH_API_BASE). */
  envFor?: (name: string, port: number) => Record<string, string>;
  env?: Record<string, string>;
  /** Wait for each process's /readyz (default true). */
  waitReady?: boolean;
}

/** Deletes every Redis key under the prefix (pub/sub channels leave nothing behind). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  requireBuiltServer();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-scale-'));
  const deploymentsDir = path.join(tmpDir, 'deployments');
  fs.mkdirSync(deploymentsDir, { recursive: true });
  const database = await createTemporaryDatabase();
  const redisKeyPrefix = `parley-test-${crypto.randomBytes(5).toString('hex')}:`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    DB_POOL_MAX: '4',
    REDIS_URL,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    PRESENCE_TTL_SECONDS: '3',
    JOB_LEASE_SECONDS: '3',
    JWT_SECRET,
    ENCRYPTION_KEY,
    WHATSAPP_APP_SECRET: APP_SECRET,
    // Shared folders, as several processes on one machine share them.
    OUTBOX_DIR: path.join(tmpDir, 'outbox'),
    STORAGE_DIR: path.join(tmpDir, 'files'),
    WEB_ROOT: path.join(tmpDir, 'web'),
    DEPLOYMENTS_DIR: deploymentsDir,
    SEED_DEMO: 'false',
    ...options.env,
  };
  const processes: ParleyProcess[] = [];
  const cluster: Cluster = {
    processes,
    database,
    redisKeyPrefix,
    tmpDir,
    deploymentsDir,
    env,
    logs: () => processes.map((p) => p.logs()).join('\n'),
    async stop() {
      await Promise.all(processes.map((p) => p.stop()));
      await database.drop().catch(() => undefined);
      await deleteRedisKeys(redisKeyPrefix).catch(() => undefined);
      fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
  try {
    for (const name of options.names) {
      const port = await freePort();
      processes.push(
        startProcess(name, port, { ...env, PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.envFor?.(name, port) }),
      );
    }
    if (options.waitReady !== false) await Promise.all(processes.map((p) => p.ready()));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
