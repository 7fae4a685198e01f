// Machine facts for the report, and a look at how busy the (shared) machine was around each figure.
import fs from 'node:fs';
import os from 'node:os';

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
    .map((row) => ({ ...row, pcpu: ((row.ticks - before.get(row.pid).ticks) * 10 * 100) / windowMs }))
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
    return (ticks * 1000) / 100;
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

/** A snapshot to measure, later, how much CPU processes outside this bench used meanwhile. */
export function cpuSnapshot() {
  return { at: Date.now(), table: processTable() };
}

/** Average CPU (% of one core) used by processes outside this bench's tree since `snapshot`. */
export function othersCpuSince(snapshot) {
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
  let ticks = 0;
  for (const row of after.values()) {
    // PostgreSQL's backends serve this bench too: they are not counted as someone else's.
    if (ours.has(row.pid) || row.comm === 'postgres') continue;
    const before = snapshot.table.get(row.pid);
    // Pids of our own children that ended meanwhile may be reused; a process born meanwhile counts from 0.
    ticks += Math.max(0, row.ticks - (before && before.comm === row.comm ? before.ticks : 0));
  }
  const seconds = (Date.now() - snapshot.at) / 1000;
  return Number(((ticks / 100 / seconds) * 100).toFixed(0));
}
