const { deployProblems } = require('./guard.cjs');

const shellManifest = {
  shared: [
    { name: '@parley/shared', version: '1.4.0' },
    { name: 'react', version: '19.3.1' },
    { name: 'react-dom', version: '19.3.1' },
    { name: 'react/jsx-runtime', version: '19.3.1' },
    { name: 'antd', version: '6.6.8' },
  ],
};
const pageRoutes = [
  { path: '/main', module: 'remote_inbox/Dashboard', access: 'user' },
  { path: '/login', module: 'remote_auth/Login', access: 'public' },
];
const manifest = (shared: object[], exposes = [{ path: './Dashboard' }]) => ({ shared, exposes });

describe('deploy guard', () => {
  it('lets a remote go live when the shell satisfies its contract and it exposes every routed page', () => {
    const remoteManifest = manifest([
      { name: '@parley/shared', requiredVersion: '^1.2.0' },
      { name: 'react', requiredVersion: '^19.0.0' },
      { name: 'nanostores', requiredVersion: '^9.0.0' }, // not part of the contract
    ]);
    expect(deployProblems({ remote: 'remote-inbox', remoteManifest, shellManifest, pageRoutes })).toEqual([]);
  });

  it('refuses a remote that needs a newer @parley/shared than the live shell has', () => {
    const remoteManifest = manifest([{ name: '@parley/shared', requiredVersion: '^2.0.0' }]);
    expect(deployProblems({ remote: 'remote-inbox', remoteManifest, shellManifest, pageRoutes })).toEqual([
      'remote-inbox needs @parley/shared ^2.0.0, but the live shell provides 1.4.0',
    ]);
  });

  it('refuses a React or antd the shell cannot satisfy', () => {
    const remoteManifest = manifest([
      { name: 'react', requiredVersion: '^20.0.0' },
      { name: 'antd', requiredVersion: '^5.0.0' },
    ]);
    expect(deployProblems({ remote: 'remote-inbox', remoteManifest, shellManifest, pageRoutes })).toHaveLength(2);
  });

  it('refuses a remote that lacks a page the shell routes to', () => {
    const remoteManifest = manifest([], [{ path: './Inbox' }]);
    expect(deployProblems({ remote: 'remote-inbox', remoteManifest, shellManifest, pageRoutes })).toEqual([
      'remote-inbox does not expose ./Dashboard, which the shell routes to',
    ]);
  });
});
