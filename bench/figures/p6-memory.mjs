// P6 memory: the server's resident memory with many sockets connected (Parley on PostgreSQL and on PGlite,
// beside the bare relay holding as many sockets), and the browser's JS heap with a 10k-conversation inbox (beside a blank page
// holding the same data).
import { launchBrowser } from '../lib/browser.mjs';
import { sampleRss } from '../lib/machine.mjs';
import { startRelay } from '../lib/relay.mjs';
import { connectSockets } from '../lib/sockets.mjs';
import { ratio, summarise } from '../lib/stats.mjs';
import { dashboardHeap, plainDataHeap } from '../lib/ui-page.mjs';
import { parleyWithAgents } from './p1-realtime.mjs';

async function socketsMemory({ url, pid, tokens, count, log, name }) {
  const idle = summarise(await sampleRss(pid, 2), 1);
  const started = Date.now();
  const sockets = await connectSockets(url, { tokens, count, parallel: 20, timeoutMs: 240_000 });
  const connectSeconds = (Date.now() - started) / 1000;
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const loaded = summarise(await sampleRss(pid, 3), 1);
    log(
      `P6: ${name}: ${idle.median} MiB idle, ${loaded.median} MiB with ${sockets.connected()} sockets (connected in ${connectSeconds.toFixed(1)} s)`,
    );
    return { idle, loaded, connectSeconds, connected: sockets.connected() };
  } finally {
    sockets.close();
  }
}

/** JS heap (MiB) of the inbox with many and few conversations, and of a blank page holding the same data. */
async function browserHeaps({ size, runs, log }) {
  log(`P6: browser heap with ${size.conversations} conversations (and a blank page holding the same data)`);
  const browser = await launchBrowser();
  const heaps = { big: [], plain: [], small: [] };
  try {
    for (let run = 0; run < runs; run += 1) {
      heaps.big.push((await dashboardHeap(browser, size.conversations)) / 2 ** 20);
      heaps.plain.push((await plainDataHeap(browser, size.conversations)) / 2 ** 20);
      heaps.small.push((await dashboardHeap(browser, size.baselineConversations)) / 2 ** 20);
    }
  } finally {
    await browser.close();
  }
  return { runs, big: summarise(heaps.big, 1), plain: summarise(heaps.plain, 1), small: summarise(heaps.small, 1) };
}

export default {
  id: 'P6',
  title: 'Memory: server RSS with many sockets; browser heap with a big inbox',
  async run({ sizes, quick, log, skipBrowser }) {
    const size = sizes.p6;
    const agents = quick ? 2 : 20;
    const servers = {};
    for (const db of size.databases) {
      log(`P6: Parley (${db}) with ${agents} agents, ${size.sockets} sockets`);
      let fresh;
      const parley = await parleyWithAgents({
        db,
        agents,
        onStarted: async (stack) => (fresh = summarise(await sampleRss(stack.serverPid, 1), 1)),
      });
      try {
        servers[db] = {
          fresh,
          ...(await socketsMemory({
            url: parley.stack.apiUrl,
            pid: parley.stack.serverPid,
            tokens: parley.tokens,
            count: size.sockets,
            log,
            name: `Parley ${db}`,
          })),
        };
      } finally {
        await parley.stack.stop();
      }
    }
    const relay = await startRelay();
    let base;
    try {
      base = await socketsMemory({
        url: relay.url,
        pid: relay.pid,
        tokens: ['relay'],
        count: size.sockets,
        log,
        name: 'relay',
      });
    } finally {
      await relay.stop();
    }

    const heaps = skipBrowser ? null : await browserHeaps({ size, runs: quick ? 1 : 3, log });
    const perSocketKiB = (x) => Number((((x.loaded.median - x.idle.median) * 1024) / size.sockets).toFixed(1));
    return {
      parleyLabel: `Parley's server (production mode) / the inbox page`,
      baselineLabel: `the bare relay holding as many sockets / a blank page holding the same conversations as parsed JSON`,
      rows: [
        ...[
          ['postgres', 'PostgreSQL (database in its own processes, not counted)'],
          ['pglite', 'PGlite (the database inside the server process)'],
        ]
          .filter(([db]) => servers[db])
          .map(([db, label]) => ({
            label: `server RSS with ${size.sockets} sockets connected (${agents} users), ${label}`,
            unit: 'MiB',
            parley: servers[db].loaded,
            baseline: base.loaded,
            ratio: {
              median: ratio(servers[db].loaded.median, base.loaded.median),
              p99: ratio(servers[db].loaded.p99, base.loaded.p99),
            },
          })),
        ...(heaps
          ? [
              {
                label: `browser JS heap after GC, inbox with ${size.conversations} conversations`,
                unit: 'MiB',
                parley: heaps.big,
                baseline: heaps.plain,
                ratio: {
                  median: ratio(heaps.big.median, heaps.plain.median),
                  p99: ratio(heaps.big.p99, heaps.plain.p99),
                },
              },
            ]
          : []),
      ],
      facts: {
        ...Object.fromEntries(
          size.databases.flatMap((db) => {
            const server = servers[db];
            return [
              [`${db}: server RSS just after start, nobody signed in (MiB)`, server.fresh.median],
              [
                `${db}: server RSS before the sockets, after ${agents} sign-ins (MiB)`,
                {
                  parley: server.idle.median,
                  baseline: base.idle.median,
                  ratio: ratio(server.idle.median, base.idle.median),
                },
              ],
              [
                `${db}: RSS per socket (KiB)${db === 'pglite' ? " (meaningless: the embedded database's memory moves by hundreds of MiB on its own)" : ''}`,
                {
                  parley: perSocketKiB(server),
                  baseline: perSocketKiB(base),
                  ratio: ratio(perSocketKiB(server), perSocketKiB(base)),
                },
              ],
              [
                `${db}: time to connect ${size.sockets} sockets, 20 at a time (s)`,
                {
                  parley: Number(server.connectSeconds.toFixed(1)),
                  baseline: Number(base.connectSeconds.toFixed(1)),
                  ratio: ratio(server.connectSeconds, base.connectSeconds),
                },
              ],
            ];
          }),
        ),
        ...(heaps
          ? { [`browser heap, inbox with ${size.baselineConversations} conversations (MiB)`]: heaps.small.median }
          : {}),
      },
      checks: {
        ...Object.fromEntries(
          size.databases.map((db) => [
            `sockets that did not stay connected (Parley ${db})`,
            size.sockets - servers[db].connected,
          ]),
        ),
        'sockets that did not stay connected (relay)': size.sockets - base.connected,
      },
      notes: [
        "RSS from /proc/<pid>/status, sampled every 200 ms for 3 s once the sockets are connected (2 s settle); WebSocket transport. Each Parley connect sends the account's online list (getOnline) to the new socket, and to the account's other sockets when it is the user's first.",
        heaps
          ? `Heap: Runtime.getHeapUsage after two forced GCs (DevTools protocol), ${heaps.runs} run(s); page answered by page.route as in P5.`
          : 'Browser heap not measured (--skip-browser).',
      ],
    };
  },
};
