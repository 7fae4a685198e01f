// Starts the baseline relay (relay/relay-server.mjs) as its own process on a free loopback port.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_SECRET, spawnNode, stopChild } from './stack.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../relay/relay-server.mjs');
const running = new Set();

export async function startRelay({ nodeArgs = [] } = {}) {
  const output = [];
  const child = spawnNode(SCRIPT, { env: { RELAY_APP_SECRET: APP_SECRET }, nodeArgs, sink: output });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`relay did not start:\n${output.join('')}`)), 30_000);
    child.stdout.on('data', (chunk) => {
      const match = /\{"port":(\d+)\}/.exec(output.join('') + chunk);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`relay exited (${code}):\n${output.join('')}`)));
  });
  const relay = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    logs: () => output.join(''),
    async stop() {
      running.delete(relay);
      await stopChild(child);
    },
  };
  running.add(relay);
  return relay;
}

export async function stopAllRelays() {
  await Promise.all([...running].map((relay) => relay.stop().catch(() => undefined)));
}
