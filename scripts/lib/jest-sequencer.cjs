const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const DURATIONS = require('./test-durations.json');

const ROOT = path.join(__dirname, '../..');
/** What a file missing from the table (a new one) is taken to cost: a typical API test file. */
const UNKNOWN_SECONDS = 2;

/** The recorded seconds of a test file (test-durations.json), or undefined. */
const recorded = (test) => DURATIONS.seconds[path.relative(ROOT, test.path).split(path.sep).join('/')];

/**
 * Jest's own sequencer, told how long the slow test files took (test-durations.json, refreshed with
 * `node scripts/test-durations.mjs` after an `npm test`): a fresh clone has no jest cache, so jest would otherwise
 * cut `--shard`s by a hash of the path (one API shard took about 22 s longer than the others, issue #20) and start files
 * by size (a long browser test file last, the other worker idle at the end).
 */
class DurationSequencer extends Sequencer {
  /**
   * Longest file first onto the least-loaded shard. Only the committed table counts here, never jest's cache: the
   * shards run as processes of their own, and each must cut the same list the same way whatever the others wrote
   * to the cache meanwhile.
   */
  shard(tests, { shardIndex, shardCount }) {
    const weight = (test) => recorded(test) ?? UNKNOWN_SECONDS;
    const loads = new Array(shardCount).fill(0);
    const mine = [];
    const byWeight = [...tests].sort((a, b) => weight(b) - weight(a) || (a.path < b.path ? -1 : 1));
    for (const test of byWeight) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] += weight(test);
      if (lightest === shardIndex - 1) mine.push(test);
    }
    return mine;
  }

  /** Jest's cached duration (milliseconds) when it has one, else the recorded one: longest files start first. */
  time(test) {
    const seconds = recorded(test);
    return super.time(test) ?? (seconds === undefined ? undefined : seconds * 1000);
  }
}

module.exports = DurationSequencer;
