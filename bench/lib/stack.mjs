// The real built stack, as the e2e harness starts it: server/dist/main.js (PGlite in a temporary folder, or a
// fresh PostgreSQL database) and the sandbox standing in for Meta, each on a free loopback port.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.mjs';
import { createDatabase } from './postgres.mjs';
import { sandboxListening, serverListening, spawnNode, stopChild, waitForOk } from '../../scripts/lib/processes.cjs';
import { copyMigratedPglite } from '../../scripts/lib/pglite-template.cjs';
import v8Flags from '../../scripts/lib/v8-flags.cjs';

export { spawnNode, stopChild };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const APP_SECRET = 'bench-app-secret';
const VERIFY_TOKEN = 'bench-verify-token';
const running = new Set();

/**
 * @param {{ db?: 'pglite'|'postgres', databaseUrl?: string, sandboxUrl?: string, webRoot?: string,
 *           env?: Record<string,string>, nodeArgs?: string[], migrated?: boolean }} options
 * `databaseUrl`: use this PostgreSQL database (another stack's; not dropped here). `sandboxUrl`: use that
 * running sandbox instead of starting one. `migrated`: PGlite opens a copy of the migrated template instead of
 * making its folder (initdb and the migrations: seconds of CPU), for figures that do not measure start-up.
 */
export async function startStack(options = {}) {
  try {
    return await startStackOnce(options);
  } catch (error) {
    // A port freePort gave was taken by another process before ours listened (both stacks of a run ask at once,
    // and npm test runs other servers beside): once more on fresh ports.
    if (!/EADDRINUSE/.test(String(error))) throw error;
    return startStackOnce(options);
  }
}

async function startStackOnce(options) {
  const db = options.db ?? 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const outboxDir = path.join(dataDir, 'outbox');
  fs.mkdirSync(outboxDir, { recursive: true });
  const database = db === 'postgres' && !options.databaseUrl ? await createDatabase() : null;
  if (db === 'pglite' && options.migrated) await copyMigratedPglite(path.join(dataDir, 'pglite'));
  const databaseUrl = options.databaseUrl ?? database?.url;
  const [port, sandboxPort] = await Promise.all([freePort(), freePort()]);
  // The browser opens "localhost" (the CORS origin and a secure context for the cookie); Node calls 127.0.0.1.
  const baseUrl = `http://localhost:${port}`;
  const apiUrl = `http://127.0.0.1:${port}`;
  const sandboxUrl = options.sandboxUrl ?? `http://127.0.0.1:${sandboxPort}`;
  const shared = {
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    FB_APP_ID: '100000000000999',
    OUTBOX_DIR: outboxDir,
  };
  const env = {
    ...shared,
    // Production mode, as deployed (it needs real secrets; these are throw-away).
    NODE_ENV: 'production',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    STORAGE_DIR: path.join(dataDir, 'files'),
    DEPLOYMENTS_DIR: path.join(ROOT, 'deployments'),
    WEB_ROOT: options.webRoot ?? path.join(ROOT, 'shell/dist'),
    GRAPH_API_BASE: `${sandboxUrl}/v22.0`,
    FB_SDK_URL: `${sandboxUrl}/sdk.js`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  const sandboxEnv = {
    ...shared,
    NODE_ENV: 'production',
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_HOST: '127.0.0.1',
    WEBHOOK_URL: `${apiUrl}/webhooks/whatsapp`,
  };
  const output = [];
  const logs = () => output.join('');
  // An empty value counts as unset: PGlite, whatever this shell's environment says.
  const childEnv = { DATABASE_URL: '', ...env };
  const sandbox = options.sandboxUrl ? null : spawnNode('sandbox/dist/main.js', { env: sandboxEnv, sink: output });
  // With the V8 flags it runs with for users (scripts/lib/v8-flags.cjs), as `npm start` and the deployed units do.
  const nodeArgs = [...v8Flags.SERVER_V8_FLAGS, ...(options.nodeArgs ?? [])];
  const server = spawnNode('server/dist/main.js', { env: childEnv, nodeArgs, sink: output });
  let stopped = false;
  const stack = {
    db,
    baseUrl,
    apiUrl,
    sandboxUrl,
    dataDir,
    env,
    database,
    databaseUrl,
    serverPid: server.pid,
    server,
    logs,
    async stop() {
      if (stopped) return;
      stopped = true;
      running.delete(stack);
      await Promise.all([stopChild(server), stopChild(sandbox)]);
      if (database) await database.drop().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  running.add(stack);
  try {
    await Promise.all([
      // Each one's own line too: an answer alone may come from another process holding the port.
      waitForOk(`${apiUrl}/readyz`, server, logs, undefined, serverListening(baseUrl)),
      sandbox
        ? waitForOk(`${sandboxUrl}/_sandbox/counters`, sandbox, logs, undefined, sandboxListening(sandboxUrl))
        : null,
    ]);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

/** Stops every stack still running (on the way out, also after a failure or Ctrl-C). */
export async function stopAllStacks() {
  await Promise.all([...running].map((stack) => stack.stop().catch(() => undefined)));
}
