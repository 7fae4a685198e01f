// Which @parley/contract a build was made against: every browser build writes CONTRACT_FILE beside its
// mf-manifest.json (tooling/rspack-config.cjs) and the deploy guard reads it (scripts/lib/guard.cjs).
const fs = require('node:fs');
const path = require('node:path');

const CONTRACT_FILE = 'contract-version.json';

/** The version of the contract package in this checkout: what its server and builds are made against. */
const checkoutContractVersion = () => require('../contract/package.json').version;

/** The contract version a build folder records, or null for a build made before builds recorded it. */
function builtContractVersion(buildDir) {
  const file = path.join(buildDir, CONTRACT_FILE);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).version : null;
}

module.exports = { CONTRACT_FILE, checkoutContractVersion, builtContractVersion };
