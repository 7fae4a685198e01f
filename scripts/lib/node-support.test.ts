// Every package npm installs must support the oldest Node the root package.json's `engines` allows (README,
// Decisions: Node 20). npm only warns at install (EBADENGINE), and a package that merely happens to run on it can
// stop doing so in any patch release; package.json's `overrides` keep older versions where a dependency moved on.
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
}

/** The Node range a locked package declares, if any. */
function nodeRangeOf(engines: LockedPackage['engines']): string | undefined {
  if (Array.isArray(engines)) return engines.find((entry) => /^node\b/.test(entry))?.replace(/^node\s*/, '');
  return engines?.node;
}

it('every package in the lockfile supports the oldest Node version Parley runs on', () => {
  const oldest = semver.minVersion(readJson('package.json').engines.node)?.version;
  expect(oldest).toMatch(/^20\./);
  const packages = readJson('package-lock.json').packages as Record<string, LockedPackage>;
  const unsupported = Object.entries(packages).flatMap(([where, locked]) => {
    const range = nodeRangeOf(locked.engines);
    return range && !semver.satisfies(oldest!, range) ? [`${where}@${locked.version}: node ${range}`] : [];
  });
  expect(unsupported).toEqual([]);
});
