const { contractProblems, deployProblems } = require('./guard.cjs');

const shellManifest = {
  shared: [
    { name: '@parley/shared', version: '1.4.0' },
    { name: 'react', version: '19.3.1' },
    { name: 'react-dom', version: '19.3.1' },
    { name: 'react/jsx-runtime', version: '19.3.1' },
    { name: 'antd', version: '6.6.8' },
    { name: '@ant-design/cssinjs', version: '2.1.2' },
    { name: '@ant-design/icons', version: '6.3.4' },
    { name: 'nanostores', version: '1.5.5' },
    { name: '@nanostores/react', version: '1.1.0' },
  ],
};
const pageRoutes = [
  { path: '/main', module: 'remote_inbox/Dashboard', access: 'user' },
  { path: '/login', module: 'remote_auth/Login', access: 'public' },
];
const manifest = (shared: object[], exposes = [{ path: './Dashboard' }]) => ({ shared, exposes });
const problems = (shared: object[], exposes?: { path: string }[]) =>
  deployProblems({ remote: 'remote-inbox', remoteManifest: manifest(shared, exposes), shellManifest, pageRoutes });

describe('deploy guard', () => {
  it('lets a remote go live when the shell satisfies every singleton and it exposes every routed page', () => {
    expect(
      problems([
        { name: '@parley/shared', requiredVersion: '^1.2.0' },
        { name: 'react', requiredVersion: '^19.0.0' },
        { name: 'react-dom/client', requiredVersion: '^19.0.0' }, // a subpath comes with its package
        { name: 'nanostores', requiredVersion: '^1.0.0' },
      ]),
    ).toEqual([]);
  });

  it('refuses a remote that needs a newer @parley/shared than the live shell has', () => {
    expect(problems([{ name: '@parley/shared', requiredVersion: '^2.0.0' }])).toEqual([
      'remote-inbox needs @parley/shared ^2.0.0, but the live shell provides 1.4.0',
    ]);
  });

  it('checks every singleton, not only React and antd: icons ^7 is refused', () => {
    expect(problems([{ name: '@ant-design/icons', requiredVersion: '^7.0.0' }])).toEqual([
      'remote-inbox needs @ant-design/icons ^7.0.0, but the live shell provides 6.3.4',
    ]);
    expect(
      problems([
        { name: '@ant-design/cssinjs', requiredVersion: '^3.0.0' },
        { name: 'nanostores', requiredVersion: '^2.0.0' },
        { name: '@nanostores/react', requiredVersion: '^2.0.0' },
        { name: 'react', requiredVersion: '^20.0.0' },
        { name: 'antd', requiredVersion: '^5.0.0' },
      ]),
    ).toHaveLength(5);
  });

  it('refuses a shared module the live shell does not provide at all (e.g. a new contract package)', () => {
    expect(problems([{ name: '@parley/contract', requiredVersion: '^1.0.0' }])).toEqual([
      'remote-inbox needs @parley/contract ^1.0.0, which the live shell does not provide',
    ]);
  });

  it("refuses a remote that uses an antd component the live shell's trimmed antd leaves out", () => {
    const check = (imported: string[], provided?: string[]) =>
      deployProblems({
        remote: 'remote-inbox',
        remoteManifest: { ...manifest([{ name: 'antd', requiredVersion: '^6.0.0' }]), antdExports: { imported } },
        shellManifest: { ...shellManifest, ...(provided ? { antdExports: { provided } } : {}) },
        pageRoutes,
      });
    expect(check(['Button', 'Table'], ['Button', 'Form', 'Table'])).toEqual([]);
    expect(check(['Button', 'Rate', 'Tree'], ['Button', 'Form', 'Table'])).toEqual([
      "remote-inbox uses antd's Rate, Tree, which the live shell's antd leaves out: build and deploy the shell first",
    ]);
    // A shell from before the trimming provides the whole of antd.
    expect(check(['Rate'])).toEqual([]);
  });

  it('refuses a remote that lacks a page the shell routes to', () => {
    expect(problems([], [{ path: './Inbox' }])).toEqual([
      'remote-inbox does not expose ./Dashboard, which the shell routes to',
    ]);
  });
});

describe('deploy guard: the contract version', () => {
  const check = (builtWith: string | null, server: string, shell: string | null = server) =>
    contractProblems({
      name: 'remote-inbox',
      builtWith,
      servedBy: [
        { side: 'the server', version: server },
        { side: 'the live shell', version: shell },
      ],
    });

  it('lets a build through beside the same major, at least its minor', () => {
    expect(check('1.2.0', '1.2.0')).toEqual([]);
    expect(check('1.2.0', '1.5.1')).toEqual([]);
  });

  it('refuses a build against another major, naming each side that does not serve it', () => {
    expect(check('2.0.0', '1.4.0')).toEqual([
      'remote-inbox was built against @parley/contract 2.0.0, but the server serves 1.4.0',
      'remote-inbox was built against @parley/contract 2.0.0, but the live shell serves 1.4.0',
    ]);
    expect(check('1.0.0', '2.0.0', '1.0.0')).toEqual([
      'remote-inbox was built against @parley/contract 1.0.0, but the server serves 2.0.0',
    ]);
  });

  it('refuses a build that needs a newer minor than the server serves', () => {
    expect(check('1.3.0', '1.2.9', '1.3.0')).toEqual([
      'remote-inbox was built against @parley/contract 1.3.0, but the server serves 1.2.9',
    ]);
  });

  it('does not check builds or a live shell made before builds recorded their contract', () => {
    expect(check(null, '9.0.0')).toEqual([]);
    expect(check('1.0.0', '1.0.0', null)).toEqual([]);
  });
});
