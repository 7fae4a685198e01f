/**
 * Whether the scale-out tests can run here: only in the PostgreSQL project (on PGlite they are no-ops), and
 * only with PostgreSQL and Redis answering on loopback. Checked synchronously (a short child process), because
 * jest decides between `describe` and `describe.skip` while it loads the file.
 */
import { spawnSync } from 'node:child_process';
import { chosenDb } from '../helpers/test-server';

export const PG_HOST = process.env.TEST_PG_HOST ?? '127.0.0.1';
export const PG_PORT = Number(process.env.TEST_PG_PORT ?? 5432);
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Connects to both; Redis must answer PING. Prints what failed and exits 1.
const PROBE = `
const net = require('node:net');
const [pgHost, pgPort, redisUrl] = process.argv.slice(1);
const redis = new URL(redisUrl);
function probe(name, host, port, hello, expect) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    const fail = (why) => { socket.destroy(); resolve(name + ' is unreachable at ' + host + ':' + port + ' (' + why + ')'); };
    socket.setTimeout(2000, () => fail('no answer'));
    socket.on('error', (error) => fail(error.code || error.message));
    socket.on('connect', () => { if (!hello) { socket.end(); resolve(''); } else socket.write(hello); });
    socket.on('data', (data) => { socket.end(); resolve(data.toString().startsWith(expect) ? '' : name + ' answered unexpectedly'); });
  });
}
Promise.all([
  probe('PostgreSQL', pgHost, pgPort),
  probe('Redis', redis.hostname, redis.port || 6379, 'PING\\r\\n', '+PONG'),
]).then((problems) => { const text = problems.filter(Boolean).join('; '); if (text) { console.log(text); process.exit(1); } });
`;

let cached: string | undefined | null = null;

/** Why the scale tests cannot run here, or undefined when they can. */
export function scaleSkipReason(): string | undefined {
  if (chosenDb() !== 'postgres') return 'scale-out tests run in the PostgreSQL project only';
  if (cached !== null) return cached;
  const probe = spawnSync(process.execPath, ['-e', PROBE, PG_HOST, String(PG_PORT), REDIS_URL], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  cached =
    probe.status === 0 ? undefined : probe.stdout.trim() || probe.stderr.trim() || 'PostgreSQL/Redis probe failed';
  return cached;
}

/** `describe` when the services are there; else `describe.skip` with the reason in its title (and on stderr). */
export function describeScale(name: string, body: () => void): void {
  const reason = scaleSkipReason();
  if (!reason) return describe(name, body);
  if (chosenDb() === 'postgres') console.warn(`Skipping "${name}": ${reason}`);
  describe.skip(`${name} (skipped: ${reason})`, body);
}
