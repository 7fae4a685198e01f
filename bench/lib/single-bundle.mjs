// Builds bench/single-bundle (P4's baseline) when a source is newer than its build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import precompress from '../../tooling/precompress.cjs';
import { ROOT } from './stack.mjs';

export const SINGLE_BUNDLE_DIST = path.join(ROOT, 'bench/single-bundle/dist');
const SOURCES = [
  'shell/src',
  'shared/src',
  'tooling',
  'remote-auth/src',
  'remote-inbox/src',
  'remote-library/src',
  'remote-admin/src',
  'bench/single-bundle/src',
  'bench/single-bundle/rspack.config.cjs',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

export function ensureSingleBundle(log) {
  const output = path.join(SINGLE_BUNDLE_DIST, 'index.html');
  const newest = Math.max(...SOURCES.map((source) => newestMtime(path.join(ROOT, source))));
  if (fs.existsSync(output) && fs.statSync(output).mtimeMs >= newest) {
    // Served with the same brotli/gzip twins as the federated build, so bytes on the wire compare like for like.
    precompress.writeCompressedTwins(SINGLE_BUNDLE_DIST);
    return { built: false };
  }
  log('P4: building the single-bundle baseline (bench/single-bundle)');
  const started = Date.now();
  execFileSync(path.join(ROOT, 'node_modules/.bin/rspack'), ['build', '-c', 'bench/single-bundle/rspack.config.cjs'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 10 * 60_000,
  });
  precompress.writeCompressedTwins(SINGLE_BUNDLE_DIST);
  return { built: true, seconds: (Date.now() - started) / 1000 };
}
