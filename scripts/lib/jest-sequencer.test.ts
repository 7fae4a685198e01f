import path from 'node:path';

const DurationSequencer = require('./jest-sequencer.cjs');
const { seconds } = require('./test-durations.json') as { seconds: Record<string, number> };

const ROOT = path.join(__dirname, '../..');
// What jest hands a sequencer: the file and its project (cache off, so only the recorded table counts).
const testOf = (relative: string) => ({
  path: path.join(ROOT, relative),
  context: { config: { cache: false, rootDir: ROOT, id: 'test' } },
});
const apiFiles = Object.keys(seconds).filter((file) => file.startsWith('server/test/'));
const cut = (files: string[], count: number) =>
  Array.from({ length: count }, (_, index) =>
    // A new sequencer per shard, as each shard is a process of its own.
    (
      new DurationSequencer({}).shard(files.map(testOf), { shardIndex: index + 1, shardCount: count }) as Array<{
        path: string;
      }>
    ).map((test) => path.relative(ROOT, test.path)),
  );

describe('the test sequencer', () => {
  it('puts every file in exactly one shard, new and unrecorded files included, whatever order jest lists them in', () => {
    const files = [...apiFiles, 'server/test/new-area/new.test.ts', 'server/test/other/unrecorded.test.ts'];
    const shards = cut(files, 3);
    expect(shards.flat().sort()).toEqual([...files].sort());
    expect(cut([...files].reverse(), 3)).toEqual(shards);
  });

  it('cuts the recorded API files into shards of about equal time', () => {
    const loads = cut(apiFiles, 3).map((shard) => shard.reduce((sum, file) => sum + seconds[file], 0));
    const mean = loads.reduce((sum, load) => sum + load, 0) / loads.length;
    // Jest's own cut (by a hash of the path) gave PostgreSQL's shards 52 / 74 / 54 s of files.
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(0.05 * mean);
    // Not trivially: the shards hold about a third of the files each.
    for (const shard of cut(apiFiles, 3)) expect(shard.length).toBeGreaterThan(apiFiles.length / 5);
  });

  it('starts the longest recorded files first when jest has no timings of its own', () => {
    const browserFiles = Object.keys(seconds).filter((file) => file.startsWith('e2e/'));
    const sorted = (new DurationSequencer({}).sort(browserFiles.map(testOf)) as Array<{ path: string }>).map(
      (test) => seconds[path.relative(ROOT, test.path)],
    );
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(sorted.length).toBeGreaterThan(10);
  });
});
