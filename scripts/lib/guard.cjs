const semver = require('semver');

/**
 * Decides whether a remote build may go live beside the live shell. Every shared module the remote declares is a
 * singleton the page holds once (react, antd and its cssinjs and icons, the stores, @parley/shared and any package
 * added to tooling/rspack-config.cjs later): the live shell must provide each, in a version the remote accepts.
 * Reads only the two federation manifests and the shell's route table; returns the reasons to refuse (empty = may
 * go live).
 */
/** `react-dom/client` → `react-dom`, `@scope/pkg/sub` → `@scope/pkg`: a subpath comes with its package. */
const packageOf = (name) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

function deployProblems({ remote, remoteManifest, shellManifest, pageRoutes }) {
  const problems = [];
  const provided = new Map((shellManifest.shared ?? []).map((s) => [s.name, s.version]));
  for (const shared of remoteManifest.shared ?? []) {
    const range = shared.requiredVersion;
    const version = provided.get(shared.name) ?? provided.get(packageOf(shared.name));
    if (!version) {
      problems.push(`${remote} needs ${shared.name} ${range ?? ''}, which the live shell does not provide`.trim());
    } else if (range && range !== '*' && !semver.satisfies(version, range, { includePrerelease: true })) {
      problems.push(`${remote} needs ${shared.name} ${range}, but the live shell provides ${version}`);
    }
  }
  // The shell's antd is trimmed to the components some build imported when it was built (tooling/antd-used-exports.cjs):
  // a remote may use only those. Builds from before the trimming carry no list (the full antd).
  const provides = shellManifest.antdExports?.provided;
  const missing = provides
    ? (remoteManifest.antdExports?.imported ?? []).filter((name) => !provides.includes(name))
    : [];
  if (missing.length) {
    problems.push(
      `${remote} uses antd's ${missing.join(', ')}, which the live shell's antd leaves out: build and deploy the shell first`,
    );
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

/**
 * The contract between the browser and the server (@parley/contract) is checked like a shared singleton: a build
 * made against contract `v` goes live only beside sides that serve `^v` (same major, at least that minor), i.e. the
 * server, and for a remote the live shell (its @parley/shared carries the contract's rules). `servedBy` lists
 * `{ side, version }`; a null version (a build from before builds recorded it) is not checked.
 */
function contractProblems({ name, builtWith, servedBy }) {
  if (!builtWith) return [];
  return servedBy
    .filter(({ version }) => version && !semver.satisfies(version, `^${builtWith}`, { includePrerelease: true }))
    .map(
      ({ side, version }) => `${name} was built against @parley/contract ${builtWith}, but ${side} serves ${version}`,
    );
}

module.exports = { deployProblems, contractProblems };
