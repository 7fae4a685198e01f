// Shared jest settings. ts-jest compiles TypeScript; ESM-only packages (nanostores, jose, …) are compiled
// too, because jest runs CommonJS. Type errors are caught by `npm run typecheck`, not here (isolatedModules).
const esmOnly = [
  'nanostores',
  '@nanostores',
  'nanoevents',
  'jose',
  'jwt-decode',
  'single-spa-react',
  '@ant-design/colors',
];

module.exports = function preset({ environment = 'node', tsconfig } = {}) {
  return {
    testEnvironment: environment,
    // https so the secure token cookie is kept, as in a real browser on an https or localhost origin
    testEnvironmentOptions: environment === 'jsdom' ? { url: 'https://localhost/' } : {},
    transform: {
      '^.+\\.(ts|tsx|js|mjs)$': [
        'ts-jest',
        {
          tsconfig: {
            ...(tsconfig || {}),
            // transpile only (fast): type errors are caught by `npm run typecheck`
            isolatedModules: true,
            // modern output: functions handed to page.evaluate must not depend on down-levelling helpers
            target: 'ES2022',
            rootDir: '/',
            allowJs: true,
            jsx: 'react-jsx',
            module: 'commonjs',
            esModuleInterop: true,
          },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
    moduleNameMapper: { '\\.(css|less|svg|png)$': '<rootDir>/../tooling/jest-file-stub.cjs' },
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    setupFiles: environment === 'jsdom' ? [require.resolve('./tooling/jest-jsdom-setup.cjs')] : [],
  };
};
