// The targets of issue 15 (burst-proof ingest and realtime), each read from the figures of this run and shown
// beside the relay's number and the target. A figure that did not run shows as not measured.

const LABELS = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const DBS = ['postgres', 'pglite'];

const figureOf = (figures, id) => figures.find((figure) => figure.id === id && !figure.error);
const rowOf = (figure, start) => figure?.rows?.find((row) => row.label.startsWith(start));
const factOf = (figure, start) =>
  Object.entries(figure?.facts ?? {}).find(([name]) => name.startsWith(start))?.[1] ?? null;
/** "1600+" → 1600 (the highest step held, the ladder ended there). */
const rateOf = (text) => (text == null ? null : Number.parseFloat(String(text).replace('< ', '')) || 0);

/** One line per (target, database): { figure, parley, relay, target, met }. */
export function issueTargets(figures) {
  const p1 = figureOf(figures, 'P1');
  const p2 = figureOf(figures, 'P2');
  const p6 = figureOf(figures, 'P6');
  const p7 = figureOf(figures, 'P7');
  const lines = [];
  const atMost = (value, limit) => (value == null ? null : value <= limit);
  for (const db of DBS) {
    const label = LABELS[db];
    const cpu = factOf(p1, `${label}: server CPU per message`);
    lines.push({
      figure: `server CPU per inbound message, ${label} (ms)`,
      parley: cpu?.parley ?? null,
      relay: cpu?.baseline ?? null,
      target: `≤ ${db === 'postgres' ? 1.5 : 3}`,
      met: atMost(cpu?.parley, db === 'postgres' ? 1.5 : 3),
    });
  }
  for (const db of DBS) {
    const label = LABELS[db];
    const sustained = factOf(p2, `sustained msg/s, ${label}`);
    const goal = db === 'postgres' ? 1000 : 500;
    lines.push({
      figure: `P2 sustained ingest, one message per POST, p99 ≤ 1 s, 0 lost, 0 duplicated, ${label} (msg/s)`,
      parley: sustained?.parley ?? null,
      relay: sustained?.baseline ?? null,
      target: `≥ ${goal}`,
      met: sustained ? rateOf(sustained.parley) >= goal : null,
    });
  }
  for (const db of DBS) {
    const label = LABELS[db];
    const row = rowOf(p1, `${label}: POST → socket`);
    const goal = db === 'postgres' ? 50 : 100;
    lines.push({
      figure: `P1 POST → socket \`message\` on each agent, p99, ${label} (ms)`,
      parley: row?.parley.p99 ?? null,
      relay: row?.baseline.p99 ?? null,
      target: `≤ ${goal}`,
      met: atMost(row?.parley.p99, goal),
    });
  }
  for (const db of DBS) {
    const label = LABELS[db];
    const row = rowOf(p7, `${label}: one POST of`);
    const goal = db === 'postgres' ? 1000 : 2000;
    lines.push({
      figure: `a ${row?.label.match(/of (\d+)/)?.[1] ?? '1000'}-message batch (one POST) answered 200, stored, slowest, ${label} (ms)`,
      parley: row?.parley.max ?? null,
      relay: row?.baseline.max ?? null,
      target: `≤ ${goal}`,
      met: atMost(row?.parley.max, goal),
    });
  }
  for (const db of DBS) {
    const label = LABELS[db];
    const row = rowOf(p7, `${label}: another account's`);
    lines.push({
      figure: `another account's API p99 while that batch is ingested, ${label} (ms; relay column: the same reads with no batch)`,
      parley: row?.parley.p99 ?? null,
      relay: row?.baseline.p99 ?? null,
      target: '≤ 100',
      met: atMost(row?.parley.p99, 100),
    });
  }
  for (const db of DBS) {
    const connect = factOf(p6, `${db}: time to connect`);
    lines.push({
      figure: `${
        Object.keys(p6?.facts ?? {})
          .find((name) => name.startsWith(`${db}: time to connect`))
          ?.replace(`${db}: `, '') ?? 'time to connect 1000 sockets (s)'
      }, ${LABELS[db]}`,
      parley: connect?.parley ?? null,
      relay: connect?.baseline ?? null,
      target: '≤ 2× relay',
      met: connect?.ratio == null ? null : connect.ratio <= 2,
    });
  }
  const rss = factOf(p7, 'PGlite: server RSS just after start');
  lines.push({
    figure: 'server RSS just after start, PGlite (MiB)',
    parley: rss?.parley ?? null,
    relay: rss?.baseline ?? null,
    target: '≤ 350',
    met: atMost(rss?.parley, 350),
  });
  return lines;
}

const cell = (value) => (value == null ? 'not measured' : String(value));
const verdict = (met) => (met == null ? '–' : met ? 'yes' : '**no**');

export function targetsMarkdown(figures) {
  return [
    '## Issue 15 targets',
    '',
    '| figure | Parley | relay | target | met |',
    '| --- | ---: | ---: | ---: | --- |',
    ...issueTargets(figures).map(
      (line) =>
        `| ${line.figure} | ${cell(line.parley)} | ${cell(line.relay)} | ${line.target} | ${verdict(line.met)} |`,
    ),
    '',
    'Lost and duplicated messages of every figure are in its checks below (each must be 0).',
    '',
  ];
}
