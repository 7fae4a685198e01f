const semver = require('semver');

/** Shared modules a remote must agree on with the live shell: the contract every parcel runs inside. */
const CONTRACT = [/^@parley\/shared$/, /^react$/, /^react\//, /^react-dom$/, /^react-dom\//, /^antd$/];

/**
 * Decides whether a remote build may go live beside the live shell. Reads only the two federation manifests and
 * the shell's route table; returns the reasons to refuse (empty = may go live).
 */
function deployProblems({ remote, remoteManifest, shellManifest, pageRoutes }) {
  const problems = [];
  const provided = new Map((shellManifest.shared ?? []).map((s) => [s.name, s.version]));
  for (const shared of remoteManifest.shared ?? []) {
    if (!CONTRACT.some((pattern) => pattern.test(shared.name))) continue;
    const range = shared.requiredVersion;
    const version = provided.get(shared.name);
    if (!version) {
      if (/^(@parley\/shared|react|react-dom|antd)$/.test(shared.name))
        problems.push(`${remote} needs ${shared.name} ${range}, which the live shell does not provide`);
      continue;
    }
    if (range && range !== '*' && !semver.satisfies(version, range, { includePrerelease: true })) {
      problems.push(`${remote} needs ${shared.name} ${range}, but the live shell provides ${version}`);
    }
  }
  const federationName = remote.replace(/-/g, '_');
  const exposed = new Set((remoteManifest.exposes ?? []).map((e) => e.path ?? `./${e.name}`));
  const routed = new Set(
    pageRoutes.filter((r) => r.module.startsWith(`${federationName}/`)).map((r) => `./${r.module.split('/')[1]}`),
  );
  for (const module of routed) {
    if (!exposed.has(module)) problems.push(`${remote} does not expose ${module}, which the shell routes to`);
  }
  return problems;
}

module.exports = { deployProblems };
