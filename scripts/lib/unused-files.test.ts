import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The caches kept outside the checkout (compressed twins, PGlite templates) keep what was used lately and lose the rest.
const DAY = 24 * 60 * 60 * 1000;

describe('unused files', () => {
  let root: string;
  const write = (file: string, text: string | Buffer, ageDays = 0) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    const when = new Date(Date.now() - ageDays * DAY);
    fs.utimesSync(full, when, when);
    return full;
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'unused-files-'));
  });
  afterEach(() => {
    delete process.env.XDG_CACHE_HOME;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('removes what was not used for the given time, only among the names asked for', () => {
    const { markUsed, removeUnused } = require('../../tooling/unused-files.cjs');
    write('cache-old/data', 'x', 10);
    fs.utimesSync(path.join(root, 'cache-old'), new Date(Date.now() - 10 * DAY), new Date(Date.now() - 10 * DAY));
    write('cache-recent', 'x', 1);
    write('cache-used-again', 'x', 10);
    markUsed(path.join(root, 'cache-used-again'));
    write('other-old', 'x', 10);

    expect(removeUnused(root, (name: string) => name.startsWith('cache-'), 7 * DAY).sort()).toEqual(['cache-old']);
    expect(fs.readdirSync(root).sort()).toEqual(['cache-recent', 'cache-used-again', 'other-old']);
    expect(removeUnused(path.join(root, 'missing'), () => true, 0)).toEqual([]);
  });

  it('keeps the compressed twins a build uses and drops those no build used for 30 days', () => {
    process.env.XDG_CACHE_HOME = path.join(root, 'xdg');
    jest.isolateModules(() => {
      const { writeCompressedTwins } = require('../../tooling/precompress.cjs');
      const cache = path.join(root, 'xdg/parley/precompress');
      const stale = write('xdg/parley/precompress/0000.br', 'old twin', 31);
      const asset = write('web/app.js', 'console.log("parley");\n'.repeat(100));
      writeCompressedTwins(path.join(root, 'web'));
      expect(fs.existsSync(stale)).toBe(false);
      const made = fs.readdirSync(cache).sort();
      expect(made).toHaveLength(2);

      // A month later another build of the same content finds its twins in the cache (and marks them used).
      for (const name of made) {
        const monthAgo = new Date(Date.now() - 31 * DAY);
        fs.utimesSync(path.join(cache, name), monthAgo, monthAgo);
      }
      fs.rmSync(`${asset}.br`);
      fs.rmSync(`${asset}.gz`);
      writeCompressedTwins(path.join(root, 'web'));
      expect(fs.readdirSync(cache).sort()).toEqual(made);
      expect(fs.readFileSync(`${asset}.br`).length).toBeGreaterThan(0);
    });
  });
});
