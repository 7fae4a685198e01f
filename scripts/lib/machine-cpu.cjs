// The whole machine's busy CPU time from /proc/stat (Linux), for figures that must count every process: the
// test command's summary (GNU time misses processes that leave the step's tree, such as Chromium's renderers)
// and the bench's check of how busy a shared machine was.
const fs = require('node:fs');

/** /proc counts CPU in ticks of USER_HZ, 100 a second on Linux. */
const MS_PER_TICK = 10;

/** Busy ticks of every core since boot (user, nice, system, irq, softirq, steal); 0 where /proc is missing. */
function machineBusyTicks() {
  try {
    const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = values;
    return user + nice + system + irq + softirq + steal;
  } catch {
    return 0;
  }
}

module.exports = { MS_PER_TICK, machineBusyTicks };
