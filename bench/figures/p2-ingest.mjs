// P2 ingest: inbound messages per second, stepping the rate up until latency breaks (p99 of the webhook POST
// > 1 s, an error, or the rate not reached), on PGlite and on PostgreSQL; then every wamid sent is looked up
// through the API: none lost, none stored twice. Baseline: the bare relay stepped the same way.
import { createClient } from '../lib/parley-client.mjs';
import { connectSockets } from '../lib/sockets.mjs';
import { sendPaced } from '../lib/paced-sender.mjs';
import { startRelay } from '../lib/relay.mjs';
import { APP_SECRET, startStack } from '../lib/stack.mjs';
import { ratio, summarise } from '../lib/stats.mjs';
import { parseBenchText, signedTextWebhook, WEBHOOK_PATH } from '../lib/webhook.mjs';

const BREAK_P99_MS = 1000;
const AGENT_SOCKETS = 5;

/** Steps `rates` on `url` until one breaks; remembers every webhook it sent (to check storage afterwards). */
async function stepUp({ url, name, rates, stepSeconds, customers, log, sent }) {
  const steps = [];
  for (const rate of rates) {
    const runId = `p2-${name}-${rate}-${Date.now()}`;
    const result = await sendPaced({
      url,
      path: WEBHOOK_PATH,
      rate,
      count: Math.round(rate * stepSeconds),
      maxSeconds: stepSeconds * 3,
      timeoutMs: 10_000,
      build(seq, sentAtMs) {
        const webhook = signedTextWebhook({ appSecret: APP_SECRET, runId, seq, customer: seq % customers, sentAtMs });
        sent?.set(webhook.wamid, webhook);
        return webhook;
      },
    });
    const latency = summarise(result.latencies);
    const failures = result.non2xx + result.errors + result.timeouts;
    const broke = failures > 0 || !(latency.p99 <= BREAK_P99_MS) || result.achievedRate < rate * 0.9;
    steps.push({
      rate,
      achieved: Number(result.achievedRate.toFixed(1)),
      sent: result.sent,
      ok: result.ok,
      failures,
      latency,
      latencies: result.latencies,
      broke,
    });
    log(
      `P2: ${name} ${rate}/s → median ${latency.median} ms, p99 ${latency.p99} ms, ${failures} failed${broke ? ' — breaks here' : ''}`,
    );
    if (broke) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const held = steps.filter((step) => !step.broke);
  return { steps, sustained: held.at(-1) ?? null, brokeAt: steps.find((step) => step.broke)?.rate ?? null };
}

/** Like Meta: every webhook that did not get a 200 is delivered again (≤ 5 tries each, one at a time). */
async function redeliverFailures(url, sent, stored) {
  let redelivered = 0;
  for (const [wamid, webhook] of sent) {
    if (stored.has(wamid)) continue;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await fetch(`${url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: webhook.headers,
        body: webhook.body,
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      if (response?.status === 200) {
        redelivered += 1;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
    }
  }
  return redelivered;
}

/** Counts, through the API, how often each bench wamid is stored. */
export async function storedWamids(api, token) {
  const counts = new Map();
  for (const conversation of await api.allConversations(token)) {
    for (const message of await api.allMessages(token, conversation.id)) {
      const parsed = parseBenchText(message.content?.text);
      if (parsed) counts.set(parsed.wamid, (counts.get(parsed.wamid) ?? 0) + 1);
    }
  }
  return counts;
}

async function measureParley({ db, size, log }) {
  log(`P2: starting Parley on ${db}`);
  const stack = await startStack({ db, migrated: true });
  let sockets;
  try {
    const api = createClient(stack.apiUrl);
    const owner = await api.loginOwner();
    await api.connectWhatsApp(owner);
    sockets = await connectSockets(stack.apiUrl, { tokens: [owner], count: AGENT_SOCKETS });
    const sent = new Map();
    // Warm-up (not a step): each customer's first message creates its contact and conversation.
    await stepUp({
      url: stack.apiUrl,
      name: `${db} warm-up`,
      rates: [Math.min(50, size.rates[0])],
      stepSeconds: size.customers / Math.min(50, size.rates[0]),
      customers: size.customers,
      log,
      sent,
    });
    const stepped = await stepUp({
      url: stack.apiUrl,
      name: db,
      rates: size.rates,
      stepSeconds: size.stepSeconds,
      customers: size.customers,
      log,
      sent,
    });
    let stored = await storedWamids(api, owner);
    const redelivered = await redeliverFailures(stack.apiUrl, sent, stored);
    if (redelivered) stored = await storedWamids(api, owner);
    const lost = [...sent.keys()].filter((wamid) => !stored.has(wamid)).length;
    const duplicated = [...stored.values()].filter((count) => count > 1).length;
    const unknown = [...stored.keys()].filter((wamid) => !sent.has(wamid)).length;
    log(
      `P2: ${db}: ${sent.size} sent, ${stored.size} stored, ${redelivered} redelivered, ${lost} lost, ${duplicated} duplicated`,
    );
    return { ...stepped, sent: sent.size, stored: stored.size, redelivered, lost, duplicated, unknown };
  } finally {
    sockets?.close();
    await stack.stop();
  }
}

export default {
  id: 'P2',
  title: 'Ingest: sustained inbound messages per second until latency breaks',
  async run({ sizes, log }) {
    const size = sizes.p2;
    const results = {};
    results.pglite = await measureParley({ db: 'pglite', size, log });
    results.postgres = await measureParley({ db: 'postgres', size, log });
    log('P2: stepping the relay');
    const relay = await startRelay();
    let relaySteps;
    let relaySockets;
    try {
      relaySockets = await connectSockets(relay.url, { tokens: ['relay'], count: AGENT_SOCKETS });
      relaySteps = await stepUp({
        url: relay.url,
        name: 'relay',
        rates: size.rates,
        stepSeconds: size.stepSeconds,
        customers: size.customers,
        log,
      });
    } finally {
      relaySockets?.close();
      await relay.stop();
    }
    const relayAt = (rate) => relaySteps.steps.find((step) => step.rate === rate);
    const rateText = (stepped) =>
      stepped.sustained ? `${stepped.sustained.rate}${stepped.brokeAt ? '' : '+'}` : `< ${size.rates[0]}`;
    const rows = [];
    for (const [db, label] of [
      ['pglite', 'PGlite'],
      ['postgres', 'PostgreSQL'],
    ]) {
      const result = results[db];
      // Latency at the highest rate Parley held, beside the relay at that same rate.
      const step = result.sustained ?? result.steps[0];
      const base = relayAt(step.rate);
      const parley = summarise(step.latencies);
      const baseline = summarise(base?.latencies ?? []);
      rows.push({
        label: `${label}: webhook POST → 200 (stored) at ${step.rate} msg/s, the highest rate Parley held`,
        unit: 'ms',
        parley,
        baseline,
        ratio: { median: ratio(parley.median, baseline.median), p99: ratio(parley.p99, baseline.p99) },
      });
    }
    const stepTable = (name, stepped) =>
      stepped.steps.map((step) => [
        name,
        step.rate,
        step.achieved,
        step.latency.median,
        step.latency.p99,
        step.failures,
        step.broke ? 'breaks' : 'holds',
      ]);
    return {
      parleyLabel:
        'Parley, one message per signed webhook POST (answered 200 only once committed), 5 agent sockets connected',
      baselineLabel: 'bare relay (no database), same steps',
      rows,
      facts: {
        'sustained msg/s, PGlite (p99 ≤ 1 s, no error)': {
          parley: rateText(results.pglite),
          baseline: rateText(relaySteps),
        },
        'sustained msg/s, PostgreSQL (p99 ≤ 1 s, no error)': {
          parley: rateText(results.postgres),
          baseline: rateText(relaySteps),
        },
        'messages sent / stored / redelivered, PGlite': `${results.pglite.sent} / ${results.pglite.stored} / ${results.pglite.redelivered}`,
        'messages sent / stored / redelivered, PostgreSQL': `${results.postgres.sent} / ${results.postgres.stored} / ${results.postgres.redelivered}`,
      },
      tables: [
        {
          title: 'Steps (webhook POST latency, ms)',
          columns: ['target', 'rate msg/s', 'achieved', 'median', 'p99', 'failed', ''],
          rows: [
            ...stepTable('Parley PGlite', results.pglite),
            ...stepTable('Parley PostgreSQL', results.postgres),
            ...stepTable('relay', relaySteps),
          ],
        },
      ],
      checks: {
        'lost messages, PGlite': results.pglite.lost,
        'duplicated messages, PGlite': results.pglite.duplicated,
        'lost messages, PostgreSQL': results.postgres.lost,
        'duplicated messages, PostgreSQL': results.postgres.duplicated,
      },
      notes: [
        `Steps of ${size.stepSeconds} s at ${size.rates.join(', ')} msg/s from ${size.customers} customers; a step breaks at p99 > ${BREAK_P99_MS} ms, any failed POST, or < 90 % of the rate sent. The relay never touches a database, so it shows where the load generator and machine top out.`,
        'Lost = a wamid sent (failed POSTs redelivered like Meta) but not found through GET /api/conversations + GET /api/conversations/{id}; duplicated = found twice.',
      ],
    };
  },
};
