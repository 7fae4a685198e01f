const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * The files of a build the browser loads: everything but source maps and the federation plugin's build stats
 * (`mf-manifest-stats.json` lists modules in an order that changes from build to build).
 */
const isServed = (name) => !name.endsWith('.map') && name !== 'mf-manifest-stats.json';

/** A content hash of the served files of a build folder: the same source gives the same version. */
function hashFolder(folder) {
  const hash = crypto.createHash('sha256');
  const walk = (dir, prefix) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else if (isServed(name)) hash.update(`${prefix}${name}\0`).update(fs.readFileSync(full));
    }
  };
  walk(folder, '');
  return hash.digest('hex').slice(0, 8);
}

function defaultVersion(packageDir, distDir = path.join(packageDir, 'dist')) {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  return `${pkg.version}-${hashFolder(distDir)}`;
}

const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

const versionFolder = (deploymentsDir, name, version) => path.join(deploymentsDir, name, version);

/** Copies a build into deployments/<name>/<version>/. Version folders are immutable: never overwritten. */
function publish(deploymentsDir, name, version, distDir) {
  if (!VERSION_PATTERN.test(version)) throw new Error(`Version "${version}" is not a valid folder name`);
  const target = versionFolder(deploymentsDir, name, version);
  if (fs.existsSync(target)) return { target, created: false };
  const staging = `${target}.staging-${process.pid}`;
  fs.cpSync(distDir, staging, { recursive: true });
  try {
    fs.renameSync(staging, target);
  } catch (error) {
    // Someone published the same version at the same moment: theirs stands (same name, same content).
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
    return { target, created: false };
  }
  return { target, created: true };
}

/** The deployed versions of a remote (or the shell), folders only, without half-copied ones. */
function deployedVersions(deploymentsDir, name) {
  const folder = path.join(deploymentsDir, name);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.includes('.staging-'))
    .map((d) => d.name);
}

module.exports = { hashFolder, defaultVersion, publish, versionFolder, deployedVersions, VERSION_PATTERN, isServed };
