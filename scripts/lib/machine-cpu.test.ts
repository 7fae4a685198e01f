const { MS_PER_TICK, idleWatch } = require('./machine-cpu.cjs');

/** A reader that hands out idle-tick totals as a machine would, one a second: cores idle in each second. */
function machine(idleCoresEachSecond: number[]) {
  let total = 0;
  const readings = [0, ...idleCoresEachSecond.map((cores) => (total += (cores * 1000) / MS_PER_TICK))];
  return () => readings.shift() ?? total;
}

describe("the test command's look at idle cores", () => {
  it('answers only once it has looked for the whole window, then the average over it', () => {
    const idle = idleWatch({
      lookSeconds: 3,
      budgetCores: 2,
      machineCores: 2,
      readIdleTicks: machine([0.2, 0.8, 0.5, 1.7]),
    });
    expect([idle.sample(), idle.sample(), idle.sample()]).toEqual([null, null, null]);
    expect(idle.sample()).toBeCloseTo(0.5);
    // The window moves: the first second (0.2) is out, the last (1.7) in.
    expect(idle.sample()).toBeCloseTo(1.0);
  });

  it("does not count a larger machine's cores beyond the budget as idle", () => {
    const idle = idleWatch({ lookSeconds: 1, budgetCores: 2, machineCores: 8, readIdleTicks: machine([6, 6.5]) });
    expect(idle.sample()).toBeNull();
    expect(idle.sample()).toBeCloseTo(0);
    expect(idle.sample()).toBeCloseTo(0.5);
  });
});
