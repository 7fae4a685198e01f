import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

/** A content hash of a built dist/ folder: the same build publishes to the same version. */
export function hashFolder(folder) {
  const hash = crypto.createHash('sha256');
  const walk = (dir) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (!name.endsWith('.map')) hash.update(name).update(fs.readFileSync(full));
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 8);
}

export function defaultVersion(remote) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, remote, 'package.json'), 'utf8'));
  return `${pkg.version}-${hashFolder(path.join(ROOT, remote, 'dist'))}`;
}

/** Copies dist/ into deployments/<remote>/<version>/. Version folders are immutable: never overwritten. */
export function publish(deploymentsDir, remote, version) {
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(version)) throw new Error(`Version "${version}" has characters not allowed in a folder name`);
  const target = path.join(deploymentsDir, remote, version);
  if (fs.existsSync(target)) return { target, created: false };
  const staging = `${target}.staging-${process.pid}`;
  fs.cpSync(path.join(ROOT, remote, 'dist'), staging, { recursive: true });
  fs.renameSync(staging, target);
  return { target, created: true };
}
