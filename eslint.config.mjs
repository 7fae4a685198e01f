// ESLint flat config. The import-boundary rule is the one that keeps the remotes independent: a remote never
// imports another remote, nothing imports a remote's internals, and @parley/shared is used by its name only.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const REMOTES = ['remote-auth', 'remote-inbox', 'remote-library', 'remote-admin'];

const boundary = (allowedRemote) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: REMOTES.filter((r) => r !== allowedRemote).flatMap((r) => [r, `${r}/**`, `**/${r}/**`, `**/${r}`]),
          message: 'Remotes are deployed alone: never import another remote (share code through @parley/shared).',
        },
        {
          group: ['**/shared/src/**', '**/shared/src', '@parley/shared/*'],
          message: 'Import @parley/shared by its package name only (it is a federation singleton).',
        },
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'deployments/**',
      'data/**',
      'coverage/**',
      'server/drizzle/**',
      'e2e/artifacts/**',
      '**/tmp/**',
      // A package's copy the deploy-versions browser test builds beside it, for a moment.
      '.version-check-*/**',
      'sandbox/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: [
      'shell/**/*.tsx',
      'shared/**/*.tsx',
      'remote-*/**/*.tsx',
      'shell/**/*.ts',
      'shared/**/*.ts',
      'remote-*/**/*.ts',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...REMOTES.map((remote) => ({ files: [`${remote}/**/*.{ts,tsx}`], rules: boundary(remote) })),
  { files: ['shell/**/*.{ts,tsx}', 'e2e/**/*.ts', 'server/**/*.ts', 'sandbox/**/*.ts'], rules: boundary(null) },
  {
    // Channel → domain, one way: the WhatsApp channel knows Meta's shapes and nothing of Parley's modules; what a
    // webhook event means is the conversations module's (it calls the channel, never the reverse).
    files: ['server/src/channel/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...boundary(null)['no-restricted-imports'][1].patterns,
            {
              group: ['**/modules', '**/modules/**'],
              message: 'channel/ never imports modules/: let the module call the channel (pass it a callback).',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is read by the server and the browser: zod and its own files, nothing of either side.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\.{1,2}/)',
              message: '@parley/contract imports only zod and its own files (no server or browser code).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/src/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['zod'], message: 'The rules are bundled into the browser without zod.' }] },
      ],
    },
  },
);
