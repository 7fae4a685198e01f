// npm run rollback -- <remote> [--to X]
// Points the remote back at an earlier deployed version (default: the one deployed before the live one).
// Nothing is rebuilt and no other remote is touched; takes effect on the next page load.
import fs from 'node:fs';
import paths from './lib/paths.cjs';
import pointer from './lib/pointer.cjs';
import publishing from './lib/publish.cjs';
import { fail, parseArgs } from './lib/args.mjs';

const { positional, flags } = parseArgs(process.argv.slice(2));
const [remote] = positional;
if (!paths.REMOTES.includes(remote)) fail(`Name a remote to roll back: ${paths.REMOTES.join(', ')}`);

const current = pointer.readPointer(paths.DEPLOYMENTS_DIR);
const live = current.remotes[remote]?.live;
const target = flags.to ? String(flags.to) : pointer.previousVersion(current, remote);
if (!target) fail(`${remote} has no earlier version to roll back to (live: ${live ?? 'none'})`);
if (target === live) fail(`${remote} ${target} is already live`);
if (!fs.existsSync(publishing.versionFolder(paths.DEPLOYMENTS_DIR, remote, target))) {
  fail(`${remote} ${target} was never deployed (see npm run releases -- ${remote})`);
}
pointer.writePointer(paths.DEPLOYMENTS_DIR, pointer.pointLive(current, remote, target));
console.log(`✓ ${remote}: ${live} → ${target} (next page load)`);
