// npm run releases [-- <remote|shell>...] [--prune N]
// Every deployed version of each remote and of the shell, newest deploy first: when it went live, which one is
// live (*), and what browsers reported for it in the last hour / day (loads that failed, of those the ones that
// fell back to an earlier version, crashes). Versions built but never live are listed apart, below.
// --prune N deletes version folders beyond the newest N, keeping every version the pointer names.
import fs from 'node:fs';
import paths from './lib/paths.cjs';
import pointerFile from './lib/pointer.cjs';
import pointerLock from './lib/pointer-lock.cjs';
import publishing from './lib/publish.cjs';
import deployLog from './lib/deploy-log.cjs';
import loadReports from './lib/load-reports.cjs';
import prune from './lib/prune.cjs';
import { fail, parseArgs } from './lib/args.mjs';

const { DEPLOYMENTS_DIR, TARGETS } = paths;
const { positional, flags } = parseArgs(process.argv.slice(2));
const names = positional.length ? positional : TARGETS;
const unknown = names.filter((name) => !TARGETS.includes(name));
if (unknown.length) fail(`Unknown: ${unknown.join(', ')} (one of ${TARGETS.join(', ')})`);

if (flags.prune !== undefined) {
  const keep = Number(flags.prune);
  if (!Number.isInteger(keep) || keep < 0) fail('--prune takes how many versions to keep, e.g. --prune 10');
  // Under the pointer lock: no deploy can point at a folder while it goes.
  await pointerLock.updatePointer(DEPLOYMENTS_DIR, (fresh, log) => {
    for (const name of names) {
      const doomed = prune.versionsToPrune(DEPLOYMENTS_DIR, fresh, log, name, keep);
      for (const version of doomed) prune.removeVersion(DEPLOYMENTS_DIR, name, version);
      console.log(`${name}: pruned ${doomed.length} version(s)${doomed.length ? `: ${doomed.join(', ')}` : ''}`);
    }
    return { pointer: fresh };
  });
}

const pointer = pointerFile.readPointer(DEPLOYMENTS_DIR);
const log = deployLog.readDeployLog(DEPLOYMENTS_DIR);
const reports = loadReports.recentReports(DEPLOYMENTS_DIR);
const pair = ([hour, day]) => `${hour}/${day}`.padEnd(9);

for (const name of names) {
  const entry = pointerFile.entryOf(pointer, name);
  const versions = publishing.deployedVersions(DEPLOYMENTS_DIR, name);
  const order = deployLog.deployOrder(log, name, entry?.history ?? []);
  const deployedAt = new Map((entry?.history ?? []).map((r) => [r.version, r.deployedAt]));
  for (const event of log)
    if (event.name === name && event.action === 'deploy') deployedAt.set(event.version, event.at);
  const counts = loadReports.countReports(reports, name);
  const everLive = order.filter((v) => versions.includes(v)).reverse();
  const neverLive = versions
    .filter((v) => !order.includes(v))
    .sort(
      (a, b) =>
        fs.statSync(publishing.versionFolder(DEPLOYMENTS_DIR, name, b)).mtimeMs -
        fs.statSync(publishing.versionFolder(DEPLOYMENTS_DIR, name, a)).mtimeMs,
    );

  console.log(name);
  if (!versions.length) {
    console.log('  (nothing deployed)');
    continue;
  }
  console.log(
    `  ${''.padEnd(6)}  ${'version'.padEnd(24)} ${'deployed'.padEnd(24)} failed    fell back crashed   (last hour/day)`,
  );
  for (const version of everLive) {
    const c = counts.get(version) ?? { failed: [0, 0], fellBack: [0, 0], crashed: [0, 0] };
    const mark = version === entry?.live ? '* live' : '      ';
    console.log(
      `  ${mark}  ${version.padEnd(24)} ${(deployedAt.get(version) ?? '').padEnd(24)} ${pair(c.failed)} ${pair(c.fellBack)} ${pair(c.crashed)}`,
    );
  }
  if (neverLive.length) {
    console.log('  built, never live:');
    for (const version of neverLive) console.log(`          ${version}`);
  }
}
