const path = require('node:path');
const { REMOTES, ROOT } = require('./paths.cjs');
const { defaultVersion, publish } = require('./publish.cjs');
const { entryOf, recordDeploy } = require('./pointer.cjs');
const { updatePointer } = require('./pointer-lock.cjs');
const { writeCompressedTwins } = require('../../tooling/precompress.cjs');

/**
 * After a build: every remote's and the shell's build becomes a version folder (rollback --to and a browser
 * override can name it), but only first-time setup makes anything live. Once a remote or the shell has a live
 * version, only deploy and rollback change it: a build (or `npm start`, which builds what changed) never undoes a
 * rollback. Returns a line per target saying what happened.
 */
async function publishBuilds(deploymentsDir) {
  const built = [...REMOTES, 'shell'].map((name) => {
    const dist = path.join(ROOT, name, 'dist');
    // The rspack build writes them already (tooling/rspack-config.cjs); this covers a dist built before that.
    writeCompressedTwins(dist);
    const version = defaultVersion(path.join(ROOT, name), dist);
    publish(deploymentsDir, name, version, dist);
    return { name, version };
  });
  const lines = [];
  await updatePointer(deploymentsDir, (fresh, log) => {
    let next = fresh;
    for (const { name, version } of built) {
      const live = entryOf(fresh, name)?.live;
      if (!live) {
        next = recordDeploy(next, name, version, log);
        lines.push(`${name}: ${version} is live (first deployment)`);
      } else if (live !== version) {
        lines.push(`${name}: built ${version}; ${live} stays live (npm run deploy -- ${name} makes the build live)`);
      }
    }
    return { pointer: next };
  });
  return lines;
}

module.exports = { publishBuilds };
