// The whole machine's CPU time from /proc/stat (Linux), for figures that must count every process: the test
// command's summary (GNU time misses processes that leave the step's tree, such as Chromium's renderers), its
// scheduler's look at idle cores, and the bench's check of how busy a shared machine was.
const fs = require('node:fs');

/** /proc counts CPU in ticks of USER_HZ, 100 a second on Linux. */
const MS_PER_TICK = 10;

/** The first line of /proc/stat: every core's ticks by kind; null where /proc is missing. */
function cpuTicks() {
  try {
    const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = values;
    return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
  } catch {
    return null;
  }
}

/** Busy ticks of every core since boot (user, nice, system, irq, softirq, steal); 0 where /proc is missing. */
const machineBusyTicks = () => cpuTicks()?.busy ?? 0;

/** Idle ticks of every core since boot (idle, and waiting for the disk); 0 where /proc is missing. */
const machineIdleTicks = () => cpuTicks()?.idle ?? 0;

/**
 * Idle cores of a budget, looked at over the last `lookSeconds` samples (one a second): `sample()` takes the next
 * reading and answers how many of the budget's cores were idle on average, or null until it has looked that long.
 * Cores beyond the budget (a budget below the machine's cores) are not the budget's, so they are taken off.
 */
function idleWatch({ lookSeconds, budgetCores, machineCores, readIdleTicks = machineIdleTicks }) {
  const readings = [];
  return {
    sample() {
      readings.push(readIdleTicks());
      if (readings.length <= lookSeconds) return null;
      const idleSeconds = ((readings.at(-1) - readings.shift()) * MS_PER_TICK) / 1000;
      return idleSeconds / lookSeconds - Math.max(0, machineCores - budgetCores);
    },
  };
}

module.exports = { MS_PER_TICK, machineBusyTicks, idleWatch };
