// P1 realtime path: signed webhook POST → an agent's socket.io `message` event, at a steady rate with many
// agents connected; beside the bare relay (no database) in the same run, rounds interleaved.
import path from 'node:path';
import { summariseCpuProfile } from '../lib/cpu-profile.mjs';
import { attachProfiler, inspectorUrl } from '../lib/inspector-profile.mjs';
import { cpuMsOf } from '../lib/machine.mjs';
import { createClient } from '../lib/parley-client.mjs';
import { openProbe } from '../lib/realtime-probe.mjs';
import { startRelay } from '../lib/relay.mjs';
import { startStack } from '../lib/stack.mjs';
import { ratio, summarise } from '../lib/stats.mjs';

/** A Parley stack with the demo account connected to the sandbox's number and `agents` signed-in agents. */
export async function parleyWithAgents({ db = 'pglite', agents, nodeArgs = [], onStarted }) {
  const stack = await startStack({ db, nodeArgs });
  try {
    await onStarted?.(stack);
    const api = createClient(stack.apiUrl);
    const owner = await api.loginOwner();
    await api.connectWhatsApp(owner);
    const tokens = await api.createAgents(owner, agents);
    return { stack, api, owner, tokens };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

async function measureTarget({ name, url, pid, probe, size, round }) {
  const cpuBefore = cpuMsOf(pid);
  const result = await probe.run({ postUrl: url, runId: `p1-${name}-${round}-${Date.now()}`, rate: size.rate, messages: size.perRound, customers: size.customers });
  const cpuAfter = cpuMsOf(pid);
  return { ...result, cpuMs: cpuBefore != null && cpuAfter != null ? cpuAfter - cpuBefore : null };
}

export default {
  id: 'P1',
  title: 'Realtime path: signed webhook POST → agent socket `message` event',
  async run({ sizes, quick, log, tmpDir, profile }) {
    const size = { ...sizes.p1 };
    const rounds = quick ? 1 : 2;
    size.perRound = Math.ceil(size.messages / rounds);
    log(`P1: starting Parley (PGlite) with ${size.agents} agents, and the relay`);
    const parley = await parleyWithAgents({ agents: size.agents });
    const relay = await startRelay();
    const acc = { parley: [], relay: [] };
    const probes = {};
    try {
      probes.parley = await openProbe(parley.stack.apiUrl, parley.tokens, size.agents);
      probes.relay = await openProbe(relay.url, ['relay'], size.agents);
      // Warm-up (not counted): every customer's first message creates the contact and conversation.
      const warm = { rate: Math.min(size.rate, 100), messages: size.customers, customers: size.customers };
      await probes.parley.run({ postUrl: parley.stack.apiUrl, runId: `p1-warm-parley-${Date.now()}`, ...warm });
      await probes.relay.run({ postUrl: relay.url, runId: `p1-warm-relay-${Date.now()}`, ...warm });
      for (let round = 0; round < rounds; round += 1) {
        for (const name of round % 2 === 0 ? ['relay', 'parley'] : ['parley', 'relay']) {
          const target = name === 'parley' ? { url: parley.stack.apiUrl, pid: parley.stack.serverPid } : { url: relay.url, pid: relay.pid };
          log(`P1: round ${round + 1}/${rounds} ${name}: ${size.perRound} messages at ${size.rate}/s to ${size.agents} agents`);
          acc[name].push(await measureTarget({ name, ...target, probe: probes[name], size, round }));
        }
      }
    } finally {
      probes.parley?.close();
      probes.relay?.close();
      await parley.stack.stop();
      await relay.stop();
    }

    const join = (list) => ({
      latencies: list.flatMap((r) => r.latencies),
      post: list.flatMap((r) => r.send.latencies),
      sent: list.reduce((n, r) => n + r.send.sent, 0),
      ok: list.reduce((n, r) => n + r.send.ok, 0),
      failedPosts: list.reduce((n, r) => n + r.send.non2xx + r.send.errors + r.send.timeouts, 0),
      undelivered: list.reduce((n, r) => n + r.undelivered, 0),
      duplicates: list.reduce((n, r) => n + r.duplicates, 0),
      cpuMs: list.reduce((n, r) => n + (r.cpuMs ?? 0), 0),
      achievedRate: Math.min(...list.map((r) => r.send.achievedRate)),
    });
    const p = join(acc.parley);
    const b = join(acc.relay);
    const pd = summarise(p.latencies);
    const bd = summarise(b.latencies);
    const pp = summarise(p.post);
    const bp = summarise(b.post);
    const cpuPerMessage = (x) => (x.sent ? Number((x.cpuMs / x.sent).toFixed(2)) : null);
    const result = {
      rows: [
        {
          label: `POST → socket \`message\` on each of ${size.agents} agents (${size.rate} msg/s)`,
          unit: 'ms',
          parley: pd,
          baseline: bd,
          ratio: { median: ratio(pd.median, bd.median), p99: ratio(pd.p99, bd.p99) },
        },
        {
          label: 'webhook POST answered (200)',
          unit: 'ms',
          parley: pp,
          baseline: bp,
          ratio: { median: ratio(pp.median, bp.median), p99: ratio(pp.p99, bp.p99) },
        },
      ],
      facts: {
        messages: { parley: p.sent, baseline: b.sent },
        'server CPU per message (ms)': { parley: cpuPerMessage(p), baseline: cpuPerMessage(b), ratio: ratio(cpuPerMessage(p), cpuPerMessage(b)) },
        'lowest achieved send rate (msg/s)': { parley: Number(p.achievedRate.toFixed(1)), baseline: Number(b.achievedRate.toFixed(1)) },
      },
      checks: {
        'failed webhook POSTs (Parley)': p.failedPosts,
        'messages not delivered to an agent (Parley)': p.undelivered,
        'messages delivered twice to an agent (Parley)': p.duplicates,
        'failed POSTs or missed deliveries (relay)': b.failedPosts + b.undelivered + b.duplicates,
      },
      baselineLabel: 'bare relay: Fastify + HMAC check + socket.io emit, no database',
      parleyLabel: 'Parley on PGlite (the default database)',
    };
    if (profile) result.profile = await profileParley({ size, log, tmpDir });
    return result;
  },
};

/** One more round, CPU-profiled through the inspector (not counted in the figure): where Parley's CPU goes. */
async function profileParley({ size, log, tmpDir }) {
  log('P1: profiling one more round on Parley and on the relay (inspector CPU profiles)');
  const parley = await parleyWithAgents({ agents: size.agents, nodeArgs: ['--inspect=127.0.0.1:0'] });
  const relay = await startRelay({ nodeArgs: ['--inspect=127.0.0.1:0'] });
  const profiles = {};
  const probes = {};
  try {
    probes.parley = await openProbe(parley.stack.apiUrl, parley.tokens, size.agents);
    probes.relay = await openProbe(relay.url, ['relay'], size.agents);
    const warm = { rate: Math.min(size.rate, 100), messages: size.customers, customers: size.customers };
    for (const [name, url, logs] of [
      ['parley', parley.stack.apiUrl, parley.stack.logs],
      ['relay', relay.url, relay.logs],
    ]) {
      await probes[name].run({ postUrl: url, runId: `p1-prof-warm-${name}-${Date.now()}`, ...warm });
      const profiler = await attachProfiler(await inspectorUrl(logs));
      await profiler.start();
      const run = await probes[name].run({ postUrl: url, runId: `p1-prof-${name}-${Date.now()}`, rate: size.rate, messages: size.perRound, customers: size.customers });
      const file = await profiler.stop(path.join(tmpDir, `p1-${name}-${Date.now()}.cpuprofile`));
      profiles[name] = { file: path.relative(process.cwd(), file), messages: run.send.sent, ...summariseCpuProfile(file) };
    }
  } finally {
    probes.parley?.close();
    probes.relay?.close();
    await parley.stack.stop();
    await relay.stop();
  }
  return profiles;
}
