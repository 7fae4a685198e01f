// Every package npm installs must support the oldest Node the root package.json's `engines` allows (README,
// Decisions: Node 20). npm only warns at install (EBADENGINE), and a package that merely happens to run on it can
// stop doing so in any patch release; package.json's `overrides` keep older versions where a dependency moved on.
// And every install script npm would run is one we reviewed: package.json's `allowScripts` (npm 11 only warns about
// the others; npm 12 skips them, so an unlisted native build would silently go missing).
import fs from 'node:fs';
import path from 'node:path';

const semver = require('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

const ROOT = path.join(__dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

interface LockedPackage {
  version?: string;
  /** `{ node: range }`, or in a few old packages a list such as `["node >= 6.0"]`. */
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}

const lockedPackages = () => readJson('package-lock.json').packages as Record<string, LockedPackage>;
/** `node_modules/a/node_modules/@b/c` → `@b/c`. */
const packageName = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** The Node range a locked package declares, if any. */
function nodeRangeOf(engines: LockedPackage['engines']): string | undefined {
  if (Array.isArray(engines)) return engines.find((entry) => /^node\b/.test(entry))?.replace(/^node\s*/, '');
  return engines?.node;
}

it('every package in the lockfile supports the oldest Node version Parley runs on', () => {
  const oldest = semver.minVersion(readJson('package.json').engines.node)?.version;
  expect(oldest).toMatch(/^20\./);
  const unsupported = Object.entries(lockedPackages()).flatMap(([where, locked]) => {
    const range = nodeRangeOf(locked.engines);
    return range && !semver.satisfies(oldest!, range) ? [`${where}@${locked.version}: node ${range}`] : [];
  });
  expect(unsupported).toEqual([]);
});

it("every dependency's install script is approved or denied in package.json's allowScripts, and nothing else is", () => {
  const reviewed = Object.keys(readJson('package.json').allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1'));
  const withScripts = Object.entries(lockedPackages()).flatMap(([where, locked]) =>
    where.includes('node_modules/') && locked.hasInstallScript ? [packageName(where)] : [],
  );
  expect([...new Set(withScripts)].filter((name) => !reviewed.includes(name))).toEqual([]);
  // An entry whose package no longer has a script (or is gone) is stale: `npm install-scripts prune` drops it.
  expect(reviewed.filter((name) => !withScripts.includes(name))).toEqual([]);
});
