// Command line: `node bench/run.mjs [--quick | --smoke] [--only P1,P3] [--skip-browser] [--keep-going]`.

const FIGURES = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7'];

/** What `--smoke` (npm test) runs: the realtime figure goes through the shared stack, client, relay and probe code. */
const SMOKE_FIGURES = ['P1'];

export function parseOptions(argv = process.argv.slice(2)) {
  // A smoke run is a quick run of fewer figures at even smaller sizes: seconds, to show the bench code still works.
  const smoke = argv.includes('--smoke');
  const quick = smoke || argv.includes('--quick');
  const onlyAt = argv.indexOf('--only');
  const only =
    onlyAt >= 0
      ? (argv[onlyAt + 1] ?? '')
          .split(',')
          .map((id) => id.trim().toUpperCase())
          .filter(Boolean)
      : smoke
        ? SMOKE_FIGURES
        : FIGURES;
  const unknown = only.filter((id) => !FIGURES.includes(id));
  if (unknown.length) throw new Error(`unknown figure(s) ${unknown.join(', ')}; known: ${FIGURES.join(', ')}`);
  // P6's browser heap needs Chromium; without it the server-memory part still runs.
  const skipBrowser = argv.includes('--skip-browser');
  // `--p1 messages=600,agents=50`: P1 at another size (CPU per message needs more than a quick run's 20 messages).
  const p1At = argv.indexOf('--p1');
  const p1 =
    p1At >= 0
      ? Object.fromEntries(
          (argv[p1At + 1] ?? '').split(',').flatMap((pair) => {
            const [key, value] = pair.split('=');
            return key && Number(value) > 0 ? [[key.trim(), Number(value)]] : [];
          }),
        )
      : {};
  return { quick, smoke, only, skipBrowser, p1 };
}

/** The sizes of one run: full (the report), quick (seconds per figure) or smoke (quick, and P1 smaller still). */
export function sizesFor(quick, smoke = false) {
  if (smoke) return { ...sizesFor(true), p1: { agents: 2, rate: 100, messages: 10, customers: 2 } };
  return quick
    ? {
        p1: { agents: 5, rate: 200, messages: 20, customers: 5 },
        p2: { rates: [100], stepSeconds: 1, customers: 10 },
        p3: { conversations: 200, messagesPerConversation: 10, seconds: 1, throughputSeconds: 1, connections: 4 },
        p4: { runs: 1, routes: ['/login', '/main'] },
        p5: { conversations: 500, messages: 500, baselineConversations: 50, baselineMessages: 20, runs: 1 },
        p6: { sockets: 50, conversations: 200, baselineConversations: 20, databases: ['postgres'] },
        p7: { batch: 50, batches: 1, customers: 10, otherRate: 20, idleSeconds: 1, databases: ['postgres'] },
      }
    : {
        // `warmup`: messages per target after the per-customer ones, not counted, so that the measured rounds see the
        // code as a running server has it, compiled by V8's optimising tier (P1 in docs/reliability.md).
        p1: { agents: 50, rate: 200, messages: 3000, customers: 200, warmup: 3000 },
        // Doubling steps, and issue 15's targets (500 on PGlite, 1,000 on PostgreSQL) as steps of their own.
        p2: { rates: [50, 100, 200, 400, 500, 800, 1000, 1600], stepSeconds: 8, customers: 200 },
        p3: { conversations: 100_000, messagesPerConversation: 10, seconds: 10, throughputSeconds: 5, connections: 10 },
        p4: { runs: 7 },
        p5: { conversations: 10_000, messages: 10_000, baselineConversations: 200, baselineMessages: 50, runs: 5 },
        p6: { sockets: 1000, conversations: 10_000, baselineConversations: 200, databases: ['postgres', 'pglite'] },
        p7: {
          batch: 1000,
          batches: 3,
          customers: 200,
          otherRate: 20,
          idleSeconds: 3,
          databases: ['pglite', 'postgres'],
        },
      };
}
