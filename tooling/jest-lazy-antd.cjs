// antd's CommonJS entry (antd/lib/index.js) requires all of its ~80 components as it loads; a test file's module
// registry is its own, so every jsdom test file that imports antd (through @parley/shared: all page tests) loaded
// and ran all of them, 0.6 s a file, half of it for components the file never renders. The bundler picks only
// what is used; here the same entry is offered with each export loaded when first read, from the very module
// the entry would have required (so `Button` is the same object either way). Set up by jest-jsdom-setup.cjs.
//
// The entry is read, not guessed: every `Object.defineProperty(exports, "Name", … return _var.default …)` with
// `var _var = _interopRequireDefault(require("./path"))` becomes a lazy getter, any other `exports.name =` is
// read from the real entry when first asked for, in the entry's own order. If antd's entry ever looks different,
// nothing is replaced and antd loads as before.
const fs = require('node:fs');
const path = require('node:path');

const EXPORT =
  /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.default;\s*\}\s*\}\);|exports\.(\w+) = void 0;/g;
const MODULE = /var (_\w+) = _interopRequireDefault\(require\("(\.\/[\w./-]+)"\)\);/g;

/** The entry's exports in its order: { name, request } for a component, { name } for one read from the entry. */
function readEntry(source) {
  const requests = new Map([...source.matchAll(MODULE)].map(([, variable, request]) => [variable, request]));
  const exports = [...source.matchAll(EXPORT)].map(([, name, variable, assigned]) =>
    assigned ? { name: assigned } : { name, request: requests.get(variable) },
  );
  const names = exports.map((entry) => entry.name);
  const assigned = [...source.matchAll(/exports\.(\w+) = (?!void 0;)/g)].map(([, name]) => name);
  const defined = source.split('Object.defineProperty(exports, "').length - 2; // less __esModule
  const understood =
    exports.every((entry) => !('request' in entry) || entry.request) &&
    new Set(names).size === names.length &&
    defined === exports.filter((entry) => 'request' in entry).length &&
    assigned.length === exports.length - defined &&
    assigned.every((name) => exports.some((entry) => entry.name === name && !('request' in entry)));
  return understood ? exports : null;
}

/** Registers the lazy antd for this test file (`jest` is the setup file's). */
function install(jest) {
  let entryFile;
  try {
    entryFile = require.resolve('antd');
  } catch {
    return; // a package without antd
  }
  const exports = readEntry(fs.readFileSync(entryFile, 'utf8'));
  if (!exports) return;
  const folder = path.dirname(entryFile);
  jest.mock('antd', () => {
    const lazy = {};
    Object.defineProperty(lazy, '__esModule', { value: true });
    for (const { name, request } of exports) {
      const load = request
        ? () => {
            const module = jest.requireActual(path.join(folder, request));
            return module?.__esModule ? module.default : module; // as _interopRequireDefault(…).default
          }
        : () => jest.requireActual(entryFile)[name];
      Object.defineProperty(lazy, name, { enumerable: true, get: load });
    }
    return lazy;
  });
}

module.exports = { install, readEntry };
