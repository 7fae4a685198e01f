const fs = require('node:fs');
const path = require('node:path');

/**
 * Every deploy and rollback, one JSON line each, oldest first: the full deploy order the pointer's short history
 * forgets. Appended only while the pointer lock is held (pointer-lock.cjs), so lines never interleave.
 */
const logPath = (deploymentsDir) => path.join(deploymentsDir, '.log', 'deploys.ndjson');

function readDeployLog(deploymentsDir) {
  let text;
  try {
    text = fs.readFileSync(logPath(deploymentsDir), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return []; // a torn last line after a crash: the pointer itself is still whole
      }
    });
}

function appendDeployLog(deploymentsDir, event) {
  fs.mkdirSync(path.dirname(logPath(deploymentsDir)), { recursive: true });
  fs.appendFileSync(logPath(deploymentsDir), `${JSON.stringify(event)}\n`);
}

/**
 * The versions of `name` in deploy order, oldest first, each at its latest deploy. Versions the pointer's history
 * knows but the log does not (deployed before the log existed) come first, in the history's order.
 */
function deployOrder(log, name, history = []) {
  const logged = log.filter((e) => e.name === name && e.action === 'deploy').map((e) => e.version);
  const older = history
    .map((r) => r.version)
    .filter((v) => !logged.includes(v))
    .reverse();
  const order = [...older, ...logged];
  // Keep each version at its latest deploy.
  return order.filter((version, index) => order.lastIndexOf(version) === index);
}

/** The versions deployed before `version`, newest first: where the browser falls back to, and plain rollback goes. */
function versionsBefore(order, version, limit) {
  const index = order.indexOf(version);
  if (index < 0) return [];
  return order.slice(0, index).reverse().slice(0, limit);
}

module.exports = { logPath, readDeployLog, appendDeployLog, deployOrder, versionsBefore };
