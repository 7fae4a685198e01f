// The antd exports that the shell and every remote import by name: the one list that Module Federation's shared
// tree-shaking keeps in the shared antd (README, "Fast first load"). Every build computes the same union, so the
// shell's trimmed antd serves every remote. A remote that imports a component outside it gets `undefined` (measured:
// no fallback to the full antd), so the deploy guard refuses it: add a component by building and deploying the
// shell first.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PACKAGES = ['shell', 'shared', 'remote-auth', 'remote-inbox', 'remote-library', 'remote-admin'];
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'antd'/g;

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Sorted export names imported from 'antd' as values (not `type` imports) in the browser packages, or in only those
 * named (what one remote needs from the shell's trimmed antd).
 */
function antdUsedExports(root = ROOT, packages = PACKAGES) {
  const names = new Set();
  for (const file of packages.flatMap((name) => sourceFiles(path.join(root, name, 'src')))) {
    for (const [statement, list] of fs.readFileSync(file, 'utf8').matchAll(NAMED_IMPORT)) {
      if (/^import\s+type\b/.test(statement)) continue;
      for (const specifier of list.split(',')) {
        const name = specifier.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names].sort();
}

module.exports = { antdUsedExports };
