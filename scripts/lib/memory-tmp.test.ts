import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const { TMPFS_MAGIC, memoryTmpDir } = require('./memory-tmp.cjs') as {
  TMPFS_MAGIC: number;
  memoryTmpDir: (root?: string) => string | undefined;
};

describe('memoryTmpDir', () => {
  const onTmpfs = (() => {
    try {
      return fs.statfsSync('/dev/shm').type === TMPFS_MAGIC;
    } catch {
      return false;
    }
  })();

  (onTmpfs ? it : it.skip)('gives this user a private folder on a tmpfs', () => {
    const dir = memoryTmpDir('/dev/shm');
    expect(dir).toBe(path.join('/dev/shm', `parley-tests-${os.userInfo().uid}`));
    expect(fs.statSync(dir as string).mode & 0o777).toBe(0o700);
  });

  it('keeps the system temporary folder where the folder is on a disk or missing', () => {
    const onDisk = fs.mkdtempSync(path.join(__dirname, '.memory-tmp-'));
    try {
      expect(memoryTmpDir(onDisk)).toBeUndefined();
      expect(fs.readdirSync(onDisk)).toEqual([]);
      expect(memoryTmpDir(path.join(onDisk, 'missing'))).toBeUndefined();
    } finally {
      fs.rmSync(onDisk, { recursive: true, force: true });
    }
  });
});
