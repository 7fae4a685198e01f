// Command line: `node bench/run.mjs [--quick] [--only P1,P3] [--keep-going]`.

const FIGURES = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'];

export function parseOptions(argv = process.argv.slice(2)) {
  const quick = argv.includes('--quick');
  const onlyAt = argv.indexOf('--only');
  const only =
    onlyAt >= 0
      ? (argv[onlyAt + 1] ?? '')
          .split(',')
          .map((id) => id.trim().toUpperCase())
          .filter(Boolean)
      : FIGURES;
  const unknown = only.filter((id) => !FIGURES.includes(id));
  if (unknown.length) throw new Error(`unknown figure(s) ${unknown.join(', ')}; known: ${FIGURES.join(', ')}`);
  return { quick, only };
}

/** The sizes of one run: full (the report) or quick (seconds; keeps the bench from rotting inside npm test). */
export function sizesFor(quick) {
  return quick
    ? {
        p1: { agents: 5, rate: 200, messages: 20, customers: 5 },
        p2: { rates: [100], stepSeconds: 1, customers: 10 },
        p3: { conversations: 200, messagesPerConversation: 10, seconds: 1, throughputSeconds: 1, connections: 4 },
        p4: { runs: 1, routes: ['/login', '/main'] },
        p5: { conversations: 500, messages: 500, baselineConversations: 50, baselineMessages: 20, runs: 1 },
        p6: { sockets: 50, conversations: 200, baselineConversations: 20, databases: ['postgres'] },
      }
    : {
        p1: { agents: 50, rate: 200, messages: 3000, customers: 200 },
        p2: { rates: [50, 100, 200, 400, 800, 1600], stepSeconds: 8, customers: 200 },
        p3: { conversations: 100_000, messagesPerConversation: 10, seconds: 10, throughputSeconds: 5, connections: 10 },
        p4: { runs: 7 },
        p5: { conversations: 10_000, messages: 10_000, baselineConversations: 200, baselineMessages: 50, runs: 5 },
        p6: { sockets: 1000, conversations: 10_000, baselineConversations: 200, databases: ['postgres', 'pglite'] },
      };
}
