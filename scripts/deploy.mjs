// npm run deploy -- <remote> [--version X] [--from <built dist folder>]
// Builds one remote (nothing else), checks it against the live shell, publishes it into an immutable
// deployments/<remote>/<version>/ folder and makes it live. Takes effect on the next page load.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import paths from './lib/paths.cjs';
import pointer from './lib/pointer.cjs';
import publishing from './lib/publish.cjs';
import guard from './lib/guard.cjs';
import { fail, parseArgs } from './lib/args.mjs';

const { positional, flags } = parseArgs(process.argv.slice(2));
const [remote] = positional;
if (!paths.REMOTES.includes(remote)) fail(`Name a remote to deploy: ${paths.REMOTES.join(', ')}`);

let distDir = path.join(paths.ROOT, remote, 'dist');
if (flags.from) distDir = path.resolve(String(flags.from));
else
  execFileSync('npm', ['run', 'build', '-w', remote], {
    cwd: paths.ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });

const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const manifestFile = path.join(distDir, 'mf-manifest.json');
if (!fs.existsSync(manifestFile)) fail(`${distDir} has no mf-manifest.json: not a remote build`);
const version = flags.version
  ? String(flags.version)
  : publishing.defaultVersion(path.join(paths.ROOT, remote), distDir);
if (!publishing.VERSION_PATTERN.test(version)) fail(`Version "${version}" is not a valid folder name`);
if (fs.existsSync(publishing.versionFolder(paths.DEPLOYMENTS_DIR, remote, version))) {
  fail(`${remote} ${version} is already deployed; versions are immutable — deploy under a new version`);
}

const problems = guard.deployProblems({
  remote,
  remoteManifest: read(manifestFile),
  shellManifest: read(path.join(paths.SHELL_DIR, 'mf-manifest.json')),
  pageRoutes: read(path.join(paths.SHELL_DIR, 'page-routes.json')),
});
if (problems.length) fail(`Refused; the live version stays.\n  ${problems.join('\n  ')}`);

publishing.publish(paths.DEPLOYMENTS_DIR, remote, version, distDir);
pointer.writePointer(
  paths.DEPLOYMENTS_DIR,
  pointer.recordDeploy(pointer.readPointer(paths.DEPLOYMENTS_DIR), remote, version),
);
console.log(`✓ ${remote} ${version} is live (next page load). Roll back with: npm run rollback -- ${remote}`);
