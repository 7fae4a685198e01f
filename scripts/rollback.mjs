// npm run rollback -- <remote|shell> [--to X]
// Points the remote (or the shell) back at the version deployed before the live one, or at any version that was
// live before (--to, also forward again). Nothing is rebuilt and nothing else is touched; takes effect on the next
// page load. Exits non-zero whenever the change did not land.
import fs from 'node:fs';
import paths from './lib/paths.cjs';
import pointerFile from './lib/pointer.cjs';
import pointerLock from './lib/pointer-lock.cjs';
import publishing from './lib/publish.cjs';
import deployLog from './lib/deploy-log.cjs';
import { fail, parseArgs, seconds } from './lib/args.mjs';

const { DEPLOYMENTS_DIR, TARGETS } = paths;
const { entryOf, readPointer } = pointerFile;
const started = Date.now();
const { positional, flags } = parseArgs(process.argv.slice(2));
const [name] = positional;
if (!TARGETS.includes(name)) fail(`Name what to roll back: ${TARGETS.join(', ')}`);

const current = readPointer(DEPLOYMENTS_DIR);
const log = deployLog.readDeployLog(DEPLOYMENTS_DIR);
const entry = entryOf(current, name);
const live = entry?.live;
const target = flags.to ? String(flags.to) : pointerFile.previousVersion(current, name, log);
if (!target) fail(`${name} has no earlier version to roll back to (live: ${live ?? 'none'})`);
if (target === live) fail(`${name} ${target} is already live`);
if (!fs.existsSync(publishing.versionFolder(DEPLOYMENTS_DIR, name, target))) {
  fail(`${name} ${target} is not deployed (see npm run releases -- ${name})`);
}
if (!deployLog.deployOrder(log, name, entry?.history ?? []).includes(target)) {
  fail(`${name} ${target} was never live; make it live with npm run deploy (it checks it first)`);
}

let written;
try {
  written = await pointerLock.updatePointer(DEPLOYMENTS_DIR, (fresh, freshLog) => {
    const liveNow = entryOf(fresh, name)?.live;
    if (liveNow !== live) {
      throw new pointerLock.PointerConflict(`${name} went from ${live} to ${liveNow} meanwhile; nothing changed`);
    }
    return {
      pointer: pointerFile.pointLive(fresh, name, target, freshLog),
      event: { name, action: 'rollback', version: target, from: live },
    };
  });
} catch (error) {
  fail(error instanceof pointerLock.PointerConflict ? error.message : `The pointer was not updated: ${error.message}`);
}
// What this rollback wrote under the lock: a deploy or rollback may land right after it (scripts/deploy.mjs).
if (entryOf(written, name)?.live !== target) fail(`${name} → ${target} did not land`);
console.log(`✓ ${name}: ${live} → ${target} (next page load), in ${seconds(started)}`);
