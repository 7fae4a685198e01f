import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keptByWorker as worker } from './kept-by-worker';
import { freePort } from './ports';

const { previewDeployments } = require('../../scripts/lib/preview.cjs');
const { copyMigratedPglite } = require('../../scripts/lib/pglite-template.cjs');
const { spawnNode, stopChild, waitForOk, sandboxListening } = require('../../scripts/lib/processes.cjs') as {
  spawnNode(
    script: string,
    options: { env: Record<string, string>; sink: string[]; nodeArgs?: string[] },
  ): ChildProcess;
  stopChild(child: ChildProcess, graceMs?: number): Promise<void>;
  waitForOk(url: string, child: ChildProcess, logs: () => string, timeoutMs?: number, printed?: string): Promise<void>;
  sandboxListening(url: string): string;
};

export const ROOT = path.resolve(__dirname, '../..');

const { TEST_PROCESS_V8_FLAG } = require('../../scripts/lib/v8-flags.cjs') as { TEST_PROCESS_V8_FLAG: string };

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

/**
 * Starts the real built server (on a fresh PGlite folder) and the sandbox standing in for Meta. The server listens on
 * the jest worker's port; when something else took that port since the last file, it starts again on a fresh one.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  try {
    return await startStackOn(await worker.takePort(), options);
  } catch (error) {
    if (!(error instanceof PortTaken)) throw error;
    return startStackOn(await worker.takePort(), options);
  }
}

class PortTaken extends Error {}

async function startStackOn(port: number, options: StackOptions): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const outboxDir = path.join(dataDir, 'outbox');
  fs.mkdirSync(outboxDir, { recursive: true });
  // The working tree's builds, live in a private deployments folder (scripts/lib/preview.cjs): tests run what was
  // just built, whatever ops made live in deployments/.
  const deploymentsDir = path.join(dataDir, 'deployments');
  previewDeployments(deploymentsDir);
  // A copy of a migrated database folder: initdb and the migrations would cost every stack seconds of CPU.
  const pgliteDir = await copyMigratedPglite(path.join(dataDir, 'pglite'));
  const sandboxPort = await freePort();
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
  const sandbox = spawnNode('sandbox/dist/main.js', { env: sandboxEnv, sink: output });
  const server = spawnNode('server/dist/main.js', { env, sink: output, nodeArgs: [TEST_PROCESS_V8_FLAG] });
  let portTaken = false;
  const stop = async () => {
    await Promise.all([stopChild(server, 5000), stopChild(sandbox, 5000)]);
    worker.releasePort(port, portTaken);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all([
      waitForOk(`${baseUrl}/readyz`, server, logs, 60_000),
      // Our sandbox's own line too: another stack's sandbox may hold the port freePort gave (it answers; ours exits).
      waitForOk(`${sandboxUrl}/_sandbox/counters`, sandbox, logs, 60_000, sandboxListening(sandboxUrl)),
    ]);
    // Whoever answered must be this stack's server: its content security policy names this stack's sandbox.
    const policy = (await fetch(`${baseUrl}/healthz`)).headers.get('content-security-policy') ?? '';
    if (!policy.includes(sandboxUrl)) throw new PortTaken(`another server answers on port ${port}`);
  } catch (error) {
    portTaken = error instanceof PortTaken || /EADDRINUSE/.test(logs());
    await stop();
    throw portTaken ? new PortTaken(String(error)) : error;
  }
  return { baseUrl, sandboxUrl, outboxDir, deploymentsDir, dataDir, env, stop, logs };
}
