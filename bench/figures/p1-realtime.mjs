// P1 realtime path: signed webhook POST → an agent's socket.io `message` event, at a steady rate with many
// agents connected, on Parley with PGlite and with PostgreSQL; beside the bare relay (no database) in the same
// run, rounds interleaved. With `profile`, one more round per target runs under the CPU profiler.
import path from 'node:path';
import { summariseCpuProfile } from '../lib/cpu-profile.mjs';
import { attachProfiler, inspectorUrl } from '../lib/inspector-profile.mjs';
import { cpuMsOf, postgresCpuMs } from '../lib/machine.mjs';
import { createClient } from '../lib/parley-client.mjs';
import { openProbe } from '../lib/realtime-probe.mjs';
import { startRelay } from '../lib/relay.mjs';
import { startStack } from '../lib/stack.mjs';
import { ratio, summarise } from '../lib/stats.mjs';

const INSPECT = ['--inspect=127.0.0.1:0'];
/** The warm-up is sent in this many parts, each one's CPU per message reported: falling, V8 was still compiling. */
const WARMUP_PARTS = 3;

/**
 * A Parley stack with the demo account connected to the sandbox's number and `agents` signed-in agents.
 * `migrated`: start PGlite from the migrated template (lib/stack.mjs), where start-up is not measured.
 */
export async function parleyWithAgents({ db = 'pglite', agents, nodeArgs = [], migrated = false, onStarted }) {
  const stack = await startStack({ db, nodeArgs, migrated });
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

function totals(list) {
  const sum = (pick) => list.reduce((n, r) => n + pick(r), 0);
  return {
    latencies: list.flatMap((r) => r.latencies),
    post: list.flatMap((r) => r.send.latencies),
    sent: sum((r) => r.send.sent),
    failedPosts: sum((r) => r.send.non2xx + r.send.errors + r.send.timeouts),
    undelivered: sum((r) => r.undelivered),
    lost: sum((r) => r.lost),
    duplicates: sum((r) => r.duplicates),
    cpuMs: sum((r) => r.cpuMs ?? 0),
    databaseCpuMs: sum((r) => r.databaseCpuMs ?? 0),
    achievedRate: Math.min(...list.map((r) => r.send.achievedRate)),
  };
}

const cpuPerMessage = (x) => (x.sent ? Number((x.cpuMs / x.sent).toFixed(2)) : null);

export default {
  id: 'P1',
  title: 'Realtime path: signed webhook POST → agent socket `message` event',
  async run({ sizes, quick, log, tmpDir, profile }) {
    const size = { ...sizes.p1 };
    const rounds = quick ? 1 : 2;
    size.perRound = Math.ceil(size.messages / rounds);
    const nodeArgs = profile ? INSPECT : [];
    const targets = {};
    const probes = {};
    const measured = { relay: [], pglite: [], postgres: [] };
    const warming = {};
    /** One round of `messages` to target `name` at the run's rate, with the server's CPU meanwhile. */
    const measuredRound = async (name, { runId, messages }) => {
      const cpuBefore = cpuMsOf(targets[name].pid);
      const databaseBefore = postgresCpuMs();
      const result = await probes[name].run({
        postUrl: targets[name].url,
        runId,
        rate: size.rate,
        messages,
        customers: size.customers,
      });
      return {
        ...result,
        cpuMs: cpuMsOf(targets[name].pid) - cpuBefore,
        databaseCpuMs: postgresCpuMs() - databaseBefore,
      };
    };
    try {
      for (const db of ['pglite', 'postgres']) {
        log(`P1: starting Parley (${db}) with ${size.agents} agents`);
        const parley = await parleyWithAgents({ db, agents: size.agents, nodeArgs, migrated: true });
        targets[db] = {
          url: parley.stack.apiUrl,
          pid: parley.stack.serverPid,
          logs: parley.stack.logs,
          stop: () => parley.stack.stop(),
        };
        probes[db] = await openProbe(parley.stack.apiUrl, parley.tokens, size.agents);
      }
      const relay = await startRelay({ nodeArgs });
      targets.relay = { url: relay.url, pid: relay.pid, logs: relay.logs, stop: () => relay.stop() };
      probes.relay = await openProbe(relay.url, ['relay'], size.agents);

      // Every customer's first message creates the contact and conversation (not counted).
      const warm = { rate: Math.min(size.rate, 100), messages: size.customers, customers: size.customers };
      for (const name of Object.keys(measured)) {
        await probes[name].run({ postUrl: targets[name].url, runId: `p1-warm-${name}-${Date.now()}`, ...warm });
      }
      // Then, just before each target's measured round, messages at the measured rate that are not counted: before
      // its first round `size.warmup` in parts whose CPU is reported apart (`warming`), so the report shows whether
      // the server had settled; before a later round one part. A process that idled a minute is measured colder:
      // V8 gives up optimised code meanwhile (the relay compiled 20 functions again in its next round, 0.80 → 1.00 ms
      // a message; docs/reliability.md), so a target warmed up long before its round, or idle through the others'
      // rounds, would be measured at a disadvantage.
      const warmUp = async (name, round) => {
        if (!size.warmup) return;
        const parts = round === 0 ? WARMUP_PARTS : 1;
        const messages = Math.ceil(size.warmup / WARMUP_PARTS);
        log(`P1: warming ${name} up: ${parts * messages} messages at ${size.rate}/s, not counted`);
        for (let part = 0; part < parts; part += 1) {
          const result = await measuredRound(name, {
            runId: `p1-jit-${name}-${round}-${part}-${Date.now()}`,
            messages,
          });
          if (round === 0) (warming[name] ??= []).push(result);
        }
      };
      const order = ['relay', 'pglite', 'postgres'];
      for (let round = 0; round < rounds; round += 1) {
        for (const name of round % 2 === 0 ? order : [...order].reverse()) {
          await warmUp(name, round);
          log(
            `P1: round ${round + 1}/${rounds} ${name}: ${size.perRound} messages at ${size.rate}/s to ${size.agents} agents`,
          );
          measured[name].push(
            await measuredRound(name, { runId: `p1-${name}-${round}-${Date.now()}`, messages: size.perRound }),
          );
        }
      }
      const profiles = profile ? await profileRounds({ targets, probes, size, log, tmpDir }) : null;
      return report({ size, measured, warming, profiles });
    } finally {
      for (const probe of Object.values(probes)) probe.close();
      await Promise.all(Object.values(targets).map((target) => target.stop()));
    }
  },
};

function report({ size, measured, warming, profiles }) {
  const relay = totals(measured.relay);
  const rows = [];
  const facts = { 'messages per target': measured.relay.length ? relay.sent : 0 };
  const checks = {};
  for (const [db, label] of [
    ['pglite', 'PGlite'],
    ['postgres', 'PostgreSQL'],
  ]) {
    const parley = totals(measured[db]);
    const delivered = summarise(parley.latencies);
    const base = summarise(relay.latencies);
    const post = summarise(parley.post);
    const basePost = summarise(relay.post);
    rows.push({
      label: `${label}: POST → socket \`message\` on each of ${size.agents} agents (${size.rate} msg/s)`,
      unit: 'ms',
      parley: delivered,
      baseline: base,
      ratio: { median: ratio(delivered.median, base.median), p99: ratio(delivered.p99, base.p99) },
    });
    rows.push({
      label: `${label}: webhook POST answered 200`,
      unit: 'ms',
      parley: post,
      baseline: basePost,
      ratio: { median: ratio(post.median, basePost.median), p99: ratio(post.p99, basePost.p99) },
    });
    facts[`${label}: server CPU per message (ms)`] = {
      parley: cpuPerMessage(parley),
      baseline: cpuPerMessage(relay),
      ratio: ratio(cpuPerMessage(parley), cpuPerMessage(relay)),
    };
    if (db === 'postgres')
      facts["PostgreSQL: the database's own CPU per message (every postgres process of the machine, ms)"] = {
        parley: parley.sent ? Number((parley.databaseCpuMs / parley.sent).toFixed(2)) : null,
      };
    for (const [part, round] of (warming[db] ?? []).entries()) {
      const [warmParley, warmRelay] = [round, warming.relay[part]].map((r) => cpuPerMessage(totals([r])));
      facts[
        `${label}: server CPU per message while warming up, part ${part + 1} of ${WARMUP_PARTS} (${round.send.sent} messages; not counted)`
      ] = { parley: warmParley, baseline: warmRelay, ratio: ratio(warmParley, warmRelay) };
    }
    facts[`${label}: lowest achieved send rate (msg/s)`] = {
      parley: Number(parley.achievedRate.toFixed(1)),
      baseline: Number(relay.achievedRate.toFixed(1)),
    };
    facts[`${label}: webhook POSTs not answered 200 within 10 s (Meta would deliver them again)`] = {
      parley: parley.failedPosts,
      baseline: relay.failedPosts,
    };
    facts[`${label}: (message, agent) deliveries missing when the run ended`] = {
      parley: parley.undelivered,
      baseline: relay.undelivered,
    };
    checks[`acknowledged messages that never reached an agent (${label})`] = parley.lost;
    checks[`messages delivered twice to an agent (${label})`] = parley.duplicates;
  }
  checks['acknowledged messages lost or duplicated (relay)'] = relay.lost + relay.duplicates;
  return {
    parleyLabel: `Parley (production mode), ${size.agents} agents signed in, one socket each, WebSocket transport`,
    baselineLabel:
      'bare relay: Fastify + the same HMAC check + JSON parse + socket.io emit of a Parley-shaped event, no database',
    rows,
    facts,
    checks,
    notes: [
      `Open-loop sender: one signed POST every ${(1000 / size.rate).toFixed(1)} ms from ${size.customers} customers (round robin), whatever the answers take; latency per (message, agent) from just before the POST to the event arriving in this process. Warm-up messages not counted: one per customer, then ${size.warmup ?? 0} at the same rate just before each target's first round and a third of that before a later one, so that no target's round follows a long idle; rounds interleaved.`,
      "Server CPU per message: user+system time of the server process (/proc) during the measured rounds, divided by the messages. The warm-up lets V8 finish compiling the hot code with its optimising tier before the rounds (a running server has), which cost Parley, with far more code than the relay, 0.2–0.5 ms more a message on PostgreSQL in its first few thousand (the optimising compiler then took 11 % of the process's CPU, 3 % after). PGlite's WebAssembly takes longer: V8 optimises a function of it once it has run enough, and the rarely run ones get there late (V8's code log: 127 functions compiled by the optimising tier during a 1,500-message round after 3,000 warm-up messages, 33 after 9,000; PostgreSQL's server 40 and 9), yet over two rounds a 9,000-message warm-up left Parley's figures within the noise (docs/reliability.md). Each warm-up part's figure is in the facts.",
      'A round ends when every agent has every message, or nothing new arrived for 10 s (at most 60 s); a message the server acknowledged (200) that never reached every agent is lost and fails the run.',
    ],
    ...(profiles ? { profile: profiles } : {}),
  };
}

/** One more round per target, CPU-profiled through the inspector (not counted): where each one's CPU goes. */
async function profileRounds({ targets, probes, size, log, tmpDir }) {
  log('P1: one more round per target under the CPU profiler');
  const profiles = {};
  for (const name of ['pglite', 'postgres', 'relay']) {
    const target = targets[name];
    const profiler = await attachProfiler(await inspectorUrl(target.logs));
    await profiler.start();
    const run = await probes[name].run({
      postUrl: target.url,
      runId: `p1-prof-${name}-${Date.now()}`,
      rate: size.rate,
      messages: size.perRound,
      customers: size.customers,
    });
    const file = await profiler.stop(path.join(tmpDir, `p1-${name}-${Date.now()}.cpuprofile`));
    profiles[name === 'relay' ? 'relay' : `Parley ${name}`] = {
      file: path.relative(process.cwd(), file),
      messages: run.send.sent,
      ...summariseCpuProfile(file),
    };
  }
  return profiles;
}
