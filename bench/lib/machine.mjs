// Machine facts for the report, and a look at how busy the (shared) machine was around each figure.
import fs from 'node:fs';
import os from 'node:os';
import machineCpu from '../../scripts/lib/machine-cpu.cjs';

const { MS_PER_TICK, machineBusyTicks } = machineCpu;

export function machineFacts() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
    postgres: null,
    chromium: null,
  };
}

export function loadAverage() {
  return os.loadavg().map((value) => Number(value.toFixed(2)));
}

function processTable() {
  const table = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), {
        pid: Number(name),
        ppid: Number(fields[1]),
        comm,
        ticks: Number(fields[11]) + Number(fields[12]),
        // CPU of its children that ended and were reaped (they are folded into their parent).
        childTicks: Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/**
 * Processes outside this bench's own process tree that used ≥ 20 % of a core over a `windowMs` sample (the
 * machine is shared with other engineers' builds and tests).
 */
export async function otherBusyProcesses(windowMs = 500) {
  const before = processTable();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const after = processTable();
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of after.values()) {
      if (!ours.has(row.pid) && ours.has(row.ppid)) {
        ours.add(row.pid);
        grew = true;
      }
    }
  }
  return [...after.values()]
    .filter((row) => !ours.has(row.pid) && row.comm !== 'postgres' && before.has(row.pid))
    .map((row) => ({ ...row, pcpu: ((row.ticks - before.get(row.pid).ticks) * MS_PER_TICK * 100) / windowMs }))
    .filter((row) => row.pcpu >= 20)
    .sort((a, b) => b.pcpu - a.pcpu)
    .slice(0, 5)
    .map((row) => `${row.comm}(${row.pid}) ${row.pcpu.toFixed(0)}%`);
}

/** CPU time (user+system, ms) of one process, from /proc. */
export function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks * MS_PER_TICK;
  } catch {
    return null;
  }
}

/** Resident memory of one process in MiB, from /proc (null once it is gone). */
export function rssMiBOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** RSS samples (MiB) of `pid` every 200 ms for `seconds`. */
export async function sampleRss(pid, seconds) {
  const samples = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const rss = rssMiBOf(pid);
    if (rss != null) samples.push(rss);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return samples;
}

function descendantsOf(table, root) {
  const ours = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of table.values()) {
      if (!ours.has(row.pid) && ours.has(row.ppid)) {
        ours.add(row.pid);
        grew = true;
      }
    }
  }
  return ours;
}

/** CPU ticks so far of this bench's whole tree (live processes, and the ended ones folded into their parents). */
function ourTicks(table) {
  let ticks = 0;
  for (const pid of descendantsOf(table, process.pid)) {
    const row = table.get(pid);
    if (row) ticks += row.ticks + row.childTicks;
  }
  return ticks;
}

function postgresTicks(table) {
  let ticks = 0;
  for (const row of table.values()) if (row.comm === 'postgres') ticks += row.ticks;
  return ticks;
}

/** CPU time so far of every PostgreSQL process on the machine (the server and its backends), in ms. */
export function postgresCpuMs() {
  return postgresTicks(processTable()) * MS_PER_TICK;
}

/** A snapshot to measure, later, how much CPU processes outside this bench used meanwhile. */
export function cpuSnapshot() {
  const table = processTable();
  return { at: Date.now(), machine: machineBusyTicks(), ours: ourTicks(table), postgres: postgresTicks(table) };
}

/**
 * Average CPU (% of one core) used since `snapshot` by everything but this bench's process tree and PostgreSQL
 * (whose backends serve this bench too): the whole machine's busy time minus ours, so short-lived processes
 * (test workers) count too.
 */
export function othersCpuSince(snapshot) {
  const table = processTable();
  const machine = machineBusyTicks() - snapshot.machine;
  const ours = ourTicks(table) - snapshot.ours;
  const postgres = Math.max(0, postgresTicks(table) - snapshot.postgres);
  const seconds = (Date.now() - snapshot.at) / 1000;
  return Math.max(0, Number(((((machine - ours - postgres) * MS_PER_TICK) / 1000 / seconds) * 100).toFixed(0)));
}
