import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const {
  readPointer,
  writePointer,
  recordDeploy,
  previousVersion,
  pointLive,
  HISTORY_LENGTH,
} = require('./pointer.cjs');

describe('remotes pointer', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pointer-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('records deploys newest first, keeps the history short, and makes the new one live', () => {
    let pointer = readPointer(dir);
    for (let i = 1; i <= HISTORY_LENGTH + 2; i += 1) pointer = recordDeploy(pointer, 'remote-inbox', `1.0.${i}`);
    const entry = pointer.remotes['remote-inbox'];
    expect(entry.live).toBe(`1.0.${HISTORY_LENGTH + 2}`);
    expect(entry.history).toHaveLength(HISTORY_LENGTH);
    expect(entry.history[0].version).toBe(entry.live);
  });

  it('rolls back to the version deployed before the live one, and again further back', () => {
    let pointer = recordDeploy(recordDeploy(recordDeploy({ remotes: {} }, 'r', 'v1'), 'r', 'v2'), 'r', 'v3');
    expect(previousVersion(pointer, 'r')).toBe('v2');
    pointer = pointLive(pointer, 'r', 'v2');
    expect(pointer.remotes.r.history.map((h: { version: string }) => h.version)).toEqual(['v3', 'v2', 'v1']);
    expect(previousVersion(pointer, 'r')).toBe('v1');
    pointer = pointLive(pointer, 'r', 'v1');
    expect(previousVersion(pointer, 'r')).toBeUndefined();
  });

  it('touches no other remote', () => {
    const pointer = recordDeploy(recordDeploy({ remotes: {} }, 'a', 'a1'), 'b', 'b1');
    const after = pointLive(recordDeploy(pointer, 'a', 'a2'), 'a', 'a1');
    expect(after.remotes.b).toEqual(pointer.remotes.b);
  });

  it('writes atomically: the file is whole after every write and no temporary file is left', () => {
    let pointer = readPointer(dir);
    for (let i = 0; i < 50; i += 1) {
      pointer = recordDeploy(pointer, 'remote-auth', `v${i}`);
      writePointer(dir, pointer);
      expect(readPointer(dir).remotes['remote-auth'].live).toBe(`v${i}`);
    }
    expect(fs.readdirSync(dir)).toEqual(['remotes.json']);
  });
});
