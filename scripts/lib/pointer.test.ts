import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const {
  readPointer,
  writePointer,
  recordDeploy,
  previousVersion,
  pointLive,
  referencedVersions,
  HISTORY_LENGTH,
} = require('./pointer.cjs');
const { updatePointer, PointerConflict } = require('./pointer-lock.cjs');
const { readDeployLog } = require('./deploy-log.cjs');

type Event = { name: string; action: string; version: string };
type Pointer = {
  revision: number;
  shell?: { live: string };
  remotes: Record<string, { live: string; fallbacks: string[]; history: { version: string }[] }>;
};

/** Deploys each version in turn the way the deploy command does, keeping the log beside the pointer. */
function deployAll(name: string, versions: string[], start: { pointer: Pointer; log: Event[] }) {
  let { pointer, log } = start;
  for (const version of versions) {
    pointer = recordDeploy(pointer, name, version, log);
    log = [...log, { name, action: 'deploy', version }];
  }
  return { pointer, log };
}

describe('remotes pointer', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pointer-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('records deploys newest first, keeps the history short, makes the new one live with its fallbacks', () => {
    const versions = Array.from({ length: HISTORY_LENGTH + 2 }, (_, i) => `1.0.${i + 1}`);
    const { pointer } = deployAll('remote-inbox', versions, { pointer: readPointer(dir), log: [] });
    const entry = pointer.remotes['remote-inbox'];
    expect(entry.live).toBe('1.0.7');
    expect(entry.history).toHaveLength(HISTORY_LENGTH);
    expect(entry.history[0].version).toBe(entry.live);
    expect(entry.fallbacks).toEqual(['1.0.6', '1.0.5', '1.0.4', '1.0.3']);
  });

  it('rolls back to the version deployed before the live one, and again further back', () => {
    const deployed = deployAll('r', ['v1', 'v2', 'v3'], { pointer: { revision: 0, remotes: {} }, log: [] });
    const { log } = deployed;
    let { pointer } = deployed;
    expect(previousVersion(pointer, 'r', log)).toBe('v2');
    pointer = pointLive(pointer, 'r', 'v2', log);
    expect(pointer.remotes.r.history.map((h: { version: string }) => h.version)).toEqual(['v3', 'v2', 'v1']);
    expect(pointer.remotes.r.fallbacks).toEqual(['v1']);
    expect(previousVersion(pointer, 'r', log)).toBe('v1');
    pointer = pointLive(pointer, 'r', 'v1', log);
    expect(previousVersion(pointer, 'r', log)).toBeUndefined();
    expect(deployAll('r', ['v4'], { pointer, log }).pointer.remotes.r.fallbacks).toEqual(['v3', 'v2', 'v1']);
  });

  it('rolls back outside the five-entry history: the next rollback and the fallbacks go to older versions', () => {
    const versions = Array.from({ length: 9 }, (_, i) => `v${i + 1}`);
    const deployed = deployAll('r', versions, { pointer: { revision: 0, remotes: {} }, log: [] });
    const { log } = deployed;
    expect(deployed.pointer.remotes.r.history.map((h: { version: string }) => h.version)).not.toContain('v3');
    const pointer = pointLive(deployed.pointer, 'r', 'v3', log);
    expect(pointer.remotes.r.fallbacks).toEqual(['v2', 'v1']);
    expect(previousVersion(pointer, 'r', log)).toBe('v2');
    expect(referencedVersions(pointer, 'r')).toEqual(new Set(['v3', 'v2', 'v1', 'v9', 'v8', 'v7', 'v6', 'v5']));
  });

  it('touches no other remote', () => {
    const { pointer, log } = deployAll(
      'b',
      ['b1'],
      deployAll('a', ['a1'], { pointer: { revision: 0, remotes: {} }, log: [] }),
    );
    const after = pointLive(recordDeploy(pointer, 'a', 'a2', log), 'a', 'a1', log);
    expect(after.remotes.b).toEqual(pointer.remotes.b);
  });

  it('keeps the shell beside the remotes, deployed and rolled back the same way', () => {
    const { pointer, log } = deployAll('shell', ['s1', 's2'], { pointer: { revision: 0, remotes: {} }, log: [] });
    expect(pointer.shell).toMatchObject({ live: 's2', fallbacks: ['s1'] });
    expect(pointer.remotes).toEqual({});
    expect(pointLive(pointer, 'shell', previousVersion(pointer, 'shell', log), log).shell.live).toBe('s1');
  });

  it('writes atomically: the file is whole after every write and no temporary file is left', () => {
    let pointer = readPointer(dir);
    for (let i = 0; i < 50; i += 1) {
      pointer = recordDeploy(pointer, 'remote-auth', `v${i}`, []);
      writePointer(dir, pointer);
      expect(readPointer(dir).remotes['remote-auth'].live).toBe(`v${i}`);
    }
    expect(fs.readdirSync(dir)).toEqual(['remotes.json']);
  });

  it('compare-and-swap: concurrent updates of different remotes all land, each logged once', async () => {
    const names = ['a', 'b', 'c', 'd'];
    await Promise.all(
      names.flatMap((name) =>
        [1, 2, 3].map((n) =>
          updatePointer(dir, (fresh: Pointer, log: Event[]) => ({
            pointer: recordDeploy(fresh, `${name}${n}`, 'v', log),
            event: { name: `${name}${n}`, action: 'deploy', version: 'v' },
          })),
        ),
      ),
    );
    const pointer = readPointer(dir);
    expect(Object.keys(pointer.remotes)).toHaveLength(12);
    expect(pointer.revision).toBe(12);
    expect(readDeployLog(dir)).toHaveLength(12);
  });

  it('writes nothing when the change refuses (its premise is gone)', async () => {
    writePointer(dir, { revision: 3, remotes: {} });
    await expect(
      updatePointer(dir, () => {
        throw new PointerConflict('changed meanwhile');
      }),
    ).rejects.toThrow('changed meanwhile');
    expect(readPointer(dir).revision).toBe(3);
    expect(fs.existsSync(path.join(dir, 'remotes.json.lock'))).toBe(false);
  });

  it('takes over a lock left behind by a process that died', async () => {
    const lock = path.join(dir, 'remotes.json.lock');
    fs.mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, longAgo, longAgo);
    await updatePointer(dir, (fresh: Pointer, log: Event[]) => ({ pointer: recordDeploy(fresh, 'a', 'v1', log) }));
    expect(readPointer(dir).remotes.a.live).toBe('v1');
  });
});
