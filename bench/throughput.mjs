// Inbound message throughput with 1 and with 3 server processes: the BUILT server (server/dist) on one
// fresh PostgreSQL database and one Redis, signed WhatsApp webhooks (the server's own fixtures, one message per
// POST, as Meta sends them) spread round-robin over the processes, a fixed number in flight, and one agent socket
// that must see every message once. Loopback only, bounded (3000 messages per run by default).
//
//   npm run build -w @parley/server && node bench/throughput.mjs [--messages 3000] [--in-flight 32] [--customers 300] [--pool 10]
//
// Needs PostgreSQL on 127.0.0.1:5432 (trust auth, database `test`) and Redis on 127.0.0.1:6379. Each run creates
// its own database and Redis key prefix and removes them. The machine is shared: compare the two figures of one
// run, not figures between runs.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { inboundWebhook, serialiseLikeMeta, fixtureDefaults } from './lib/server-fixtures.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'server');
const require = createRequire(path.join(SERVER, 'package.json'));
const { Client } = require('pg');
const { Redis } = require('ioredis');
const { io: connectSocket } = require('socket.io-client');

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const MESSAGES = arg('messages', 3000);
const IN_FLIGHT = arg('in-flight', 32);
const CUSTOMERS = arg('customers', 300);
const POOL = arg('pool', 10);
const WARM_UP = 60;
const PG = {
  host: process.env.TEST_PG_HOST ?? '127.0.0.1',
  port: Number(process.env.TEST_PG_PORT ?? 5432),
  user: process.env.TEST_PG_USER ?? 'postgres',
};
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP_SECRET = 'bench-app-secret';
const JWT_SECRET = 'bench-jwt-secret-bench-jwt-secret-bench';
const ENCRYPTION_KEY = crypto.randomBytes(32).toString('base64');
const RUN_DEADLINE_MS = 5 * 60_000;

const MAIN = path.join(SERVER, 'dist/main.js');
if (!fs.existsSync(MAIN)) {
  console.error('The built server is missing: run `npm run build -w @parley/server` first.');
  process.exit(1);
}
const dist = (file) => require(path.join(SERVER, 'dist', file));
const { signWebhookBody } = dist('channel/whatsapp/webhook-signature.js');
const { openDatabase } = dist('db/client.js');
const { saveCredentials } = dist('modules/credentials/service.js');
const { createPasswordHasher } = dist('modules/auth/passwords.js');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(sql) {
  const client = new Client({ ...PG, database: 'test' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** CPU time (user + system, ms) a process has used so far; Linux only (0 elsewhere). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function startProcess(name, env) {
  const lines = [];
  const child = spawn(process.execPath, [MAIN], {
    cwd: SERVER,
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    lines.push(chunk.toString());
    if (lines.length > 50) lines.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name,
    url: `http://127.0.0.1:${env.PORT}`,
    logs: () => lines.join(''),
    cpuMs: () => cpuMs(child.pid),
    async ready() {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${name} exited:\n${lines.join('')}`);
        try {
          if ((await fetch(`http://127.0.0.1:${env.PORT}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(100);
      }
      throw new Error(`${name} was not ready within 30 s:\n${lines.join('')}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One signed webhook POST carrying one text message from customer `customer`. */
function webhook(runId, seq, customer) {
  const wamid = `wamid.BENCHTP${runId}${seq}`;
  const payload = inboundWebhook('text', {
    from: `1555${String(8_000_000 + customer).padStart(7, '0')}`,
    profileName: `Customer ${customer}`,
    wamid,
    timestamp: String(Math.floor(Date.now() / 1000)),
  });
  payload.entry[0].changes[0].value.messages[0].text.body = `throughput ${seq}`;
  const body = serialiseLikeMeta(payload);
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, APP_SECRET) },
  };
}

/** Sends `count` webhooks (seq from `first`) round-robin over `urls`, `IN_FLIGHT` at a time. */
async function send(urls, runId, first, count) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      const seq = first + next;
      next += 1;
      const { body, headers } = webhook(runId, seq, seq % CUSTOMERS);
      const started = performance.now();
      const response = await fetch(`${urls[seq % urls.length]}/webhooks/whatsapp`, { method: 'POST', headers, body });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count) }, worker));
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

async function run(processCount) {
  const runId = crypto.randomBytes(4).toString('hex');
  const database = `parley_bench_${runId}`;
  const prefix = `parley-bench-${runId}:`;
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-throughput-'));
  await adminQuery(`CREATE DATABASE ${database}`);
  const databaseUrl = `postgresql://${PG.user}@${PG.host}:${PG.port}/${database}`;
  const processes = [];
  let handle;
  let socket;
  try {
    for (let i = 0; i < processCount; i += 1) {
      const port = await freePort();
      processes.push(
        startProcess(`process ${i + 1}`, {
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'warn',
          DATABASE_URL: databaseUrl,
          DB_POOL_MAX: String(POOL),
          REDIS_URL,
          REDIS_KEY_PREFIX: prefix,
          JWT_SECRET,
          ENCRYPTION_KEY,
          WHATSAPP_APP_SECRET: APP_SECRET,
          // Nothing in this bench calls the Graph API; a closed port makes any stray call fail fast.
          GRAPH_API_BASE: 'http://127.0.0.1:9/v22.0',
          OUTBOX_DIR: path.join(tmpDir, 'outbox'),
          STORAGE_DIR: path.join(tmpDir, 'files'),
          WEB_ROOT: path.join(tmpDir, 'web'),
          DEPLOYMENTS_DIR: path.join(tmpDir, 'deployments'),
        }),
      );
    }
    await Promise.all(processes.map((p) => p.ready()));

    // The account, its agent and its WhatsApp connection, written straight into the database.
    handle = await openDatabase({ database: { url: databaseUrl, pgliteDir: 'memory://', poolMax: 2 } });
    const {
      rows: [account],
    } = await handle.pool.query(`insert into accounts (name) values ('Bench') returning id`);
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const email = `agent-${runId}@example.test`;
    await handle.pool.query(
      `insert into users (account_id, full_name, email, password_hash, role, status, verified_at) values ($1, 'Agent', $2, $3, 'agent', 'active', now())`,
      [account.id, email, await hasher.hash('bench password')],
    );
    await saveCredentials(
      { db: handle.db, config: { encryptionKey: Buffer.from(ENCRYPTION_KEY, 'base64') } },
      {
        accountId: account.id,
        wabaId: fixtureDefaults.wabaId,
        phoneNumberId: fixtureDefaults.phoneNumberId,
        displayPhoneNumber: fixtureDefaults.displayPhoneNumber,
        token: 'bench-token',
      },
    );

    // One agent on the first process: every message must reach it once, whichever process took the webhook.
    const login = await fetch(`${processes[0].url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench password' }),
    });
    const { token } = await login.json();
    socket = connectSocket(processes[0].url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const seen = new Map();
    socket.on('message', (event) => {
      const text = event?.message?.content?.text ?? '';
      if (text.startsWith('throughput ')) seen.set(text, (seen.get(text) ?? 0) + 1);
    });

    const urls = processes.map((p) => p.url);
    await send(urls, runId, 0, WARM_UP);
    const cpuBefore = processes.reduce((sum, p) => sum + p.cpuMs(), 0);
    const started = performance.now();
    const { latencies, failures } = await send(urls, runId, WARM_UP, MESSAGES);
    const acceptedMs = performance.now() - started;
    const deadline = Date.now() + 60_000;
    while (seen.size < WARM_UP + MESSAGES && Date.now() < deadline) await sleep(20);
    const deliveredMs = performance.now() - started;
    const serverCpuMs = processes.reduce((sum, p) => sum + p.cpuMs(), 0) - cpuBefore;
    const duplicates = [...seen.values()].filter((count) => count > 1).length;
    return {
      processes: processCount,
      perSecond: MESSAGES / (acceptedMs / 1000),
      deliveredPerSecond: MESSAGES / (deliveredMs / 1000),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      failures,
      cpuPerMessage: serverCpuMs / MESSAGES,
      missing: WARM_UP + MESSAGES - seen.size,
      duplicates,
    };
  } catch (error) {
    for (const p of processes) console.error(`--- ${p.name} ---\n${p.logs()}`);
    throw error;
  } finally {
    socket?.close();
    await handle?.close();
    await Promise.all(processes.map((p) => p.stop()));
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } catch {
      // Presence keys expire on their own; rate-limit counters after their window.
    }
    redis.disconnect();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

const overall = setTimeout(() => {
  console.error(`Stopped: the bench took longer than ${RUN_DEADLINE_MS / 60_000} min`);
  process.exit(1);
}, RUN_DEADLINE_MS);
overall.unref();

console.log(
  `Inbound webhook throughput: ${MESSAGES} messages (one per signed POST, after ${WARM_UP} to warm up), ${IN_FLIGHT} in flight, ` +
    `${CUSTOMERS} customers, DB_POOL_MAX=${POOL} per process, PostgreSQL + Redis on loopback; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg()[0].toFixed(2)}`,
);
const results = [];
for (const count of [1, 3]) {
  const result = await run(count);
  results.push(result);
  const label = `${count} process${count > 1 ? 'es' : ''}`;
  console.log(
    `  ${label.padEnd(11)} ${result.perSecond.toFixed(0).padStart(5)} msg/s accepted (200 after commit), ` +
      `${result.deliveredPerSecond.toFixed(0)} msg/s until the agent saw all; POST p50 ${result.p50.toFixed(0)} ms, ` +
      `p95 ${result.p95.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms; server CPU ${result.cpuPerMessage.toFixed(2)} ms/msg; ` +
      `failed ${result.failures}, ` +
      `missing ${result.missing}, duplicated ${result.duplicates}`,
  );
}
const [one, three] = results;
console.log(`  3 processes ÷ 1 process: ${(three.perSecond / one.perSecond).toFixed(2)}×`);
const broken = results.some((r) => r.failures > 0 || r.missing > 0 || r.duplicates > 0);
process.exit(broken ? 1 : 0);
