// Shared jest settings; each package's jest.config.cjs builds its project(s) from this, and the root
// jest.config.cjs lists those same projects. SWC only strips types (fast); type errors are caught by
// `npm run typecheck`. ESM-only packages (nanostores, jose, …) are compiled too, because jest runs CommonJS.
const path = require('node:path');

const esmOnly = [
  'nanostores',
  '@nanostores',
  'nanoevents',
  'jose',
  'jwt-decode',
  'single-spa-react',
  '@ant-design/colors',
];

// The same output the tsconfigs ask for: ES2022 (class fields defined, as with useDefineForClassFields), the
// automatic JSX runtime (tsconfig.web.json "jsx": "react-jsx"), no decorators (none are enabled), CommonJS
// with esModuleInterop. Modern output also keeps functions handed to page.evaluate free of helpers.
const swc = (parser) => [
  '@swc/jest',
  {
    jsc: {
      parser,
      target: 'es2022',
      keepClassNames: true,
      transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
const transform = {
  '^.+\\.ts$': swc({ syntax: 'typescript' }),
  '^.+\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
  '^.+\\.(js|mjs|jsx)$': swc({ syntax: 'ecmascript', jsx: true }),
};

/**
 * One jest project. `rootDir` is the package folder (pass __dirname); `environment` 'jsdom' for browser code.
 * `esmOnly` adds packages of this project that ship ES modules only.
 */
function project({ name, rootDir, environment = 'node', esmOnly: extraEsmOnly = [], ...rest }) {
  const jsdom = environment === 'jsdom';
  return {
    displayName: name,
    rootDir,
    testEnvironment: environment,
    // Compiles each module once per worker process, not once per test file (tooling/jest-code-cache-runtime.cjs).
    runtime: path.join(__dirname, 'tooling/jest-code-cache-runtime.cjs'),
    // https so the secure token cookie is kept, as in a real browser on an https or localhost origin
    testEnvironmentOptions: jsdom ? { url: 'https://localhost/' } : {},
    transform,
    transformIgnorePatterns: [`/node_modules/(?!(${[...esmOnly, ...extraEsmOnly].join('|')})/)`],
    moduleNameMapper: {
      // @ant-design/icons' CommonJS build requires @ant-design/colors/es/* (ESM): use its CommonJS build.
      '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
      '\\.(css|less|svg|png)$': path.join(__dirname, 'tooling/jest-file-stub.cjs'),
    },
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    setupFiles: jsdom ? [path.join(__dirname, 'tooling/jest-jsdom-setup.cjs')] : [],
    setupFilesAfterEnv: jsdom ? [path.join(__dirname, 'tooling/jest-jsdom-after-env.cjs')] : [],
    ...rest,
  };
}

/** The time-out for one test when a package runs alone (the root config sets the same for `npm test`). */
const TEST_TIMEOUT_MS = 30_000;

/** A package's whole jest.config.cjs: its projects plus the settings only a top-level config may hold. */
function packageConfig(...projects) {
  return projects.length === 1
    ? { ...projects[0], testTimeout: TEST_TIMEOUT_MS }
    : { projects, testTimeout: TEST_TIMEOUT_MS };
}

/**
 * The older form, `require('../jest.preset.cjs')({ environment })` spread into a package's config (rootDir is
 * that package): still accepted so a new package's config keeps working before it moves to `project`.
 */
function preset({ environment = 'node' } = {}) {
  const { displayName: _name, rootDir: _rootDir, ...settings } = project({ name: undefined, environment });
  return settings;
}

module.exports = Object.assign(preset, { project, packageConfig, TEST_TIMEOUT_MS });
