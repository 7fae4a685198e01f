const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** A content hash of a built folder (source maps aside): the same build gets the same version. */
function hashFolder(folder) {
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

function defaultVersion(packageDir, distDir = path.join(packageDir, 'dist')) {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  return `${pkg.version}-${hashFolder(distDir)}`;
}

const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

const versionFolder = (deploymentsDir, remote, version) => path.join(deploymentsDir, remote, version);

/** Copies a build into deployments/<remote>/<version>/. Version folders are immutable: never overwritten. */
function publish(deploymentsDir, remote, version, distDir) {
  if (!VERSION_PATTERN.test(version)) throw new Error(`Version "${version}" is not a valid folder name`);
  const target = versionFolder(deploymentsDir, remote, version);
  if (fs.existsSync(target)) return { target, created: false };
  const staging = `${target}.staging-${process.pid}`;
  fs.cpSync(distDir, staging, { recursive: true });
  fs.renameSync(staging, target);
  return { target, created: true };
}

module.exports = { hashFolder, defaultVersion, publish, versionFolder, VERSION_PATTERN };
