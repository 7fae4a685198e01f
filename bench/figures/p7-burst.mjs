// P7 bursts: one signed webhook POST carrying a 1,000-message batch (as Meta sends a reply flood), answered 200
// only once stored, while another account's staff keep using the API; and the server's memory just after start.
// Baseline: the bare relay answering the same batch; the other account's requests with no batch running.
import path from 'node:path';
import { cpuMsOf, sampleRss } from '../lib/machine.mjs';
import { createClient } from '../lib/parley-client.mjs';
import { startRelay } from '../lib/relay.mjs';
import { APP_SECRET, startStack } from '../lib/stack.mjs';
import { ratio, summarise } from '../lib/stats.mjs';
import { signedBatchWebhook, WEBHOOK_PATH } from '../lib/webhook.mjs';
import { storedWamids } from './p2-ingest.mjs';

const LABELS = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const now = () => performance.timeOrigin + performance.now();

/** Summary of `pid`'s RSS (MiB) sampled for `seconds`. */
const rssSummary = async (pid, seconds) => summarise(await sampleRss(pid, seconds), 1);

/** Posts one batch; resolves with the time to the answer and its status. */
async function postBatch(url, batch) {
  const started = now();
  const response = await fetch(`${url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: batch.headers,
    body: batch.body,
    signal: AbortSignal.timeout(300_000),
  }).catch((error) => ({ status: 0, error }));
  if (response.text) await response.text();
  return { ms: now() - started, status: response.status };
}

/**
 * `GET /api/user/profile` with `token`, one every 1/rate s (open loop) until `stop()`: latency per request, and
 * the requests that failed.
 */
function pacedProfileReads(url, token, rate) {
  const latencies = [];
  const inFlight = new Set();
  let failed = 0;
  let stopped = false;
  const fire = () => {
    const started = now();
    const request = fetch(`${url}/api/user/profile`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(60_000),
    })
      .then(async (response) => {
        await response.text();
        if (response.status === 200) latencies.push(now() - started);
        else failed += 1;
      })
      .catch(() => (failed += 1))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const loop = (async () => {
    const started = performance.now();
    let sent = 0;
    while (!stopped) {
      fire();
      sent += 1;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, (sent * 1000) / rate - (performance.now() - started))),
      );
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await Promise.all([...inFlight]);
      return { latencies, failed };
    },
  };
}

async function measureParley({ db, size, log }) {
  log(`P7: starting Parley on ${db}`);
  const stack = await startStack({ db });
  try {
    const fresh = await rssSummary(stack.serverPid, 1);
    const api = createClient(stack.apiUrl);
    const owner = await api.loginOwner();
    await api.connectWhatsApp(owner);
    const other = await api.registerOwner(path.join(stack.dataDir, 'outbox'), `bench-other-${db}@parley.test`);
    const sent = new Set();
    const batchOf = (runId, count) => {
      const batch = signedBatchWebhook({ appSecret: APP_SECRET, runId, count, customers: size.customers });
      for (const wamid of batch.wamids) sent.add(wamid);
      return batch;
    };
    // Warm-up (not counted): each customer's first message creates its contact and conversation.
    const warm = await postBatch(stack.apiUrl, batchOf(`p7-warm-${db}-${Date.now()}`, size.customers));
    if (warm.status !== 200) throw new Error(`warm-up batch answered ${warm.status}`);
    const idleReads = pacedProfileReads(stack.apiUrl, other, size.otherRate);
    await new Promise((resolve) => setTimeout(resolve, size.idleSeconds * 1000));
    const idle = await idleReads.stop();

    const batches = [];
    const during = { latencies: [], failed: 0 };
    for (let round = 0; round < size.batches; round += 1) {
      const batch = batchOf(`p7-${db}-${round}-${Date.now()}`, size.batch);
      const reads = pacedProfileReads(stack.apiUrl, other, size.otherRate);
      const cpuBefore = cpuMsOf(stack.serverPid);
      const answer = await postBatch(stack.apiUrl, batch);
      // CPU time does not depend on how busy the shared machine is, unlike the wall-clock answer time.
      answer.cpuMs = cpuMsOf(stack.serverPid) - cpuBefore;
      const read = await reads.stop();
      during.latencies.push(...read.latencies);
      during.failed += read.failed;
      batches.push(answer);
      log(
        `P7: ${db} batch ${round + 1}/${size.batches}: ${size.batch} messages answered ${answer.status} in ${answer.ms.toFixed(0)} ms; other account's p99 ${summarise(read.latencies).p99} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const stored = await storedWamids(api, owner);
    const lost = [...sent].filter((wamid) => !stored.has(wamid)).length;
    const duplicated = [...stored.values()].filter((count) => count > 1).length;
    return { fresh, idle, during, batches, sent: sent.size, stored: stored.size, lost, duplicated };
  } finally {
    await stack.stop();
  }
}

export default {
  id: 'P7',
  title: 'Bursts: a 1,000-message webhook batch, another account meanwhile, memory at start',
  async run({ sizes, log }) {
    const size = sizes.p7;
    const results = {};
    for (const db of size.databases) results[db] = await measureParley({ db, size, log });

    log('P7: the relay answering the same batches');
    const relay = await startRelay();
    let relayFresh;
    const relayBatches = [];
    try {
      relayFresh = await rssSummary(relay.pid, 1);
      for (let round = 0; round < size.batches; round += 1) {
        const batch = signedBatchWebhook({
          appSecret: APP_SECRET,
          runId: `p7-relay-${round}-${Date.now()}`,
          count: size.batch,
          customers: size.customers,
        });
        relayBatches.push(await postBatch(relay.url, batch));
      }
    } finally {
      await relay.stop();
    }
    const relayBatch = summarise(relayBatches.filter((b) => b.status === 200).map((b) => b.ms));

    const rows = [];
    const facts = {};
    const checks = {};
    for (const [db, result] of Object.entries(results)) {
      const label = LABELS[db];
      const batch = summarise(result.batches.filter((b) => b.status === 200).map((b) => b.ms));
      const during = summarise(result.during.latencies);
      const idle = summarise(result.idle.latencies);
      rows.push({
        label: `${label}: one POST of ${size.batch} messages → 200 (all stored)`,
        unit: 'ms',
        parley: batch,
        baseline: relayBatch,
        ratio: { median: ratio(batch.median, relayBatch.median), p99: ratio(batch.p99, relayBatch.p99) },
      });
      rows.push({
        label: `${label}: another account's GET /api/user/profile while the batch is ingested (baseline: no batch)`,
        unit: 'ms',
        parley: during,
        baseline: idle,
        ratio: { median: ratio(during.median, idle.median), p99: ratio(during.p99, idle.p99) },
      });
      facts[`${label}: server RSS just after start (MiB; baseline: the relay)`] = {
        parley: result.fresh.median,
        baseline: relayFresh.median,
        ratio: ratio(result.fresh.median, relayFresh.median),
      };
      facts[`${label}: server CPU per batch message, other account's reads included (ms)`] = Number(
        (result.batches.reduce((sum, b) => sum + b.cpuMs, 0) / (size.batches * size.batch)).toFixed(2),
      );
      facts[`${label}: messages sent / stored`] = `${result.sent} / ${result.stored}`;
      checks[`batches not answered 200 (${label})`] = result.batches.filter((b) => b.status !== 200).length;
      checks[`another account's requests that failed (${label})`] = result.during.failed + result.idle.failed;
      checks[`lost messages (${label})`] = result.lost;
      checks[`duplicated messages (${label})`] = result.duplicated;
    }
    checks['batches not answered 200 (relay)'] = relayBatches.filter((b) => b.status !== 200).length;
    return {
      parleyLabel: `Parley (production mode): ${size.batches} signed POSTs of ${size.batch} text messages from ${size.customers} customers each, one at a time, while another account's owner reads their profile ${size.otherRate} times a second`,
      baselineLabel:
        'the bare relay answering the same POSTs (verify, parse, emit); for the other account: the same reads with no batch running',
      rows,
      facts,
      checks,
      notes: [
        `A warm-up batch (one message per customer, not counted) creates the contacts and conversations first. The other account's reads are open-loop (one every ${(1000 / size.otherRate).toFixed(0)} ms whatever the answers take), from the batch POST until its answer.`,
        'Stored = every wamid found once through GET /api/conversations + GET /api/conversations/{id} after the run.',
        'RSS: /proc/<pid>/status, sampled every 200 ms for 1 s right after /readyz answered (nobody signed in).',
      ],
    };
  },
};
