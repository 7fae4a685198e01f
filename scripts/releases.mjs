// npm run releases [-- <remote>]: every deployed version of each remote, when it was deployed, which is live.
import fs from 'node:fs';
import path from 'node:path';
import paths from './lib/paths.cjs';
import pointer from './lib/pointer.cjs';
import { parseArgs } from './lib/args.mjs';

const { positional } = parseArgs(process.argv.slice(2));
const remotes = positional.length ? positional : paths.REMOTES;
const current = pointer.readPointer(paths.DEPLOYMENTS_DIR);

for (const remote of remotes) {
  const entry = current.remotes[remote];
  const folder = path.join(paths.DEPLOYMENTS_DIR, remote);
  const versions = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => !name.includes('.staging-')) : [];
  const deployedAt = (version) =>
    entry?.history?.find((r) => r.version === version)?.deployedAt ??
    fs.statSync(path.join(folder, version)).mtime.toISOString();
  console.log(`${remote}`);
  if (!versions.length) console.log('  (nothing deployed)');
  for (const version of versions.sort((a, b) => deployedAt(b).localeCompare(deployedAt(a)))) {
    console.log(`  ${version === entry?.live ? '* live' : '      '}  ${version.padEnd(24)} ${deployedAt(version)}`);
  }
}
