import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

const { previewDeployments } = require('../../scripts/lib/preview.cjs');
const { copyMigratedPglite } = require('../../scripts/lib/pglite-template.cjs');

export const ROOT = path.resolve(__dirname, '../..');

export interface Stack {
  /** Where the browser opens Parley, e.g. http://localhost:43123 */
  baseUrl: string;
  sandboxUrl: string;
  outboxDir: string;
  deploymentsDir: string;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
  /** Restarts only the server (same data), e.g. after changing its environment. */
  logs(): string;
}

export interface StackOptions {
  /** Seed the demo account (owner/agent logins, WhatsApp connection to the sandbox, conversations). */
  seedDemo?: boolean;
  /** Every stack has its own deployments folder now (kept so callers that ask for one still compile). */
  ownDeployments?: boolean;
  env?: Record<string, string>;
}

async function waitForOk(url: string, child: ChildProcess, logs: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before ${url} answered:\n${logs()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${logs()}`);
}

function run(script: string, env: Record<string, string>, sink: string[]): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    sink.push(chunk.toString());
    if (sink.length > 400) sink.splice(0, sink.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the real built server (on a fresh PGlite folder) and the sandbox standing in for Meta. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const outboxDir = path.join(dataDir, 'outbox');
  fs.mkdirSync(outboxDir, { recursive: true });
  // The working tree's builds, live in a private deployments folder (scripts/lib/preview.cjs): tests run what was
  // just built, whatever ops made live in deployments/.
  const deploymentsDir = path.join(dataDir, 'deployments');
  previewDeployments(deploymentsDir);
  // A copy of a migrated database folder: initdb and the migrations would cost every stack seconds of CPU.
  const pgliteDir = await copyMigratedPglite(path.join(dataDir, 'pglite'));
  const [port, sandboxPort] = await Promise.all([freePort(), freePort()]);
  const baseUrl = `http://localhost:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const shared = {
    WHATSAPP_APP_SECRET: 'e2e-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'e2e-verify-token',
    FB_APP_ID: '100000000000999',
    FB_CONFIG_ID: '100000000000777',
    OUTBOX_DIR: outboxDir,
  };
  const env: Record<string, string> = {
    ...shared,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    PGLITE_DIR: pgliteDir,
    STORAGE_DIR: path.join(dataDir, 'files'),
    DEPLOYMENTS_DIR: deploymentsDir,
    GRAPH_API_BASE: `${sandboxUrl}/v22.0`,
    FB_SDK_URL: `${sandboxUrl}/sdk.js`,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const sandboxEnv = {
    ...shared,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_HOST: '127.0.0.1',
    WEBHOOK_URL: `${baseUrl}/webhooks/whatsapp`,
  };
  const output: string[] = [];
  const logs = () => output.join('');
  const sandbox = run('sandbox/dist/main.js', sandboxEnv, output);
  const server = run('server/dist/main.js', env, output);
  const stop = async () => {
    await Promise.all([stopChild(server), stopChild(sandbox)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all([
      waitForOk(`${baseUrl}/readyz`, server, logs),
      waitForOk(`${sandboxUrl}/_sandbox/counters`, sandbox, logs),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, sandboxUrl, outboxDir, deploymentsDir, dataDir, env, stop, logs };
}
