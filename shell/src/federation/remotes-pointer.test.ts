import { resolvePointer } from './remotes-pointer';
import { registerRemotesFromPointer } from './register-remotes';
import { registeredRemote } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));

describe('remotes pointer', () => {
  const pointer = {
    remotes: {
      'remote-inbox': {
        live: '1.2.0',
        history: [{ version: '1.2.0' }, { version: '1.1.0' }, { version: '1.0.0' }],
      },
      'remote-auth': { live: '3.0.0' },
    },
  };

  it('turns each live version into a federation remote with its manifest url', () => {
    const remotes = resolvePointer(pointer);
    expect(remotes.map((r) => [r.name, r.entry])).toEqual([
      ['remote_inbox', '/deployments/remote-inbox/1.2.0/mf-manifest.json'],
      ['remote_auth', '/deployments/remote-auth/3.0.0/mf-manifest.json'],
    ]);
  });

  it('keeps earlier versions, newest first, as fallbacks (never the live one)', () => {
    const [inbox] = resolvePointer(pointer);
    expect(inbox.fallbacks.map((f) => f.version)).toEqual(['1.1.0', '1.0.0']);
  });

  it('after a rollback, falls back only to versions older than the live one', () => {
    const [inbox] = resolvePointer({
      remotes: {
        'remote-inbox': { live: '1.1.0', history: [{ version: '1.2.0' }, { version: '1.1.0' }, { version: '1.0.0' }] },
      },
    });
    expect(inbox.fallbacks.map((f) => f.version)).toEqual(['1.0.0']);
  });

  it('falls back to the versions the pointer names in deploy order (after a rollback outside the history too)', () => {
    const [inbox] = resolvePointer({
      remotes: {
        'remote-inbox': { live: '1.0.3', fallbacks: ['1.0.2', '1.0.1'], history: [{ version: '1.0.9' }] },
      },
    });
    expect(inbox.fallbacks.map((f) => f.version)).toEqual(['1.0.2', '1.0.1']);
  });

  it('loads the version this browser pins, falling back to the live one, and leaves other remotes alone', () => {
    const remotes = resolvePointer(pointer, { 'remote-inbox': '0.9.0' });
    expect(remotes[0]).toMatchObject({
      version: '0.9.0',
      overridden: true,
      entry: '/deployments/remote-inbox/0.9.0/mf-manifest.json',
    });
    expect(remotes[0].fallbacks.map((f) => f.version)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
    expect(remotes[1]).toMatchObject({ version: '3.0.0' });
    expect(remotes[1].overridden).toBeUndefined();
  });

  it('serves versions from a CDN when the pointer names a base url', () => {
    const [remote] = resolvePointer({
      baseUrl: 'https://cdn.example/parley/',
      remotes: { 'remote-admin': { live: '2.0.0' } },
    });
    expect(remote.entry).toBe('https://cdn.example/parley/remote-admin/2.0.0/mf-manifest.json');
  });

  it('skips entries without a live version and refuses a file without remotes', () => {
    expect(resolvePointer({ remotes: { 'remote-x': { live: '' }, 'remote-y': null } })).toEqual([]);
    expect(() => resolvePointer({ nope: true })).toThrow('remotes');
    expect(() => resolvePointer(null)).toThrow();
  });

  it('registers every remote with the federation runtime and remembers it for fallbacks', async () => {
    const register = jest.fn();
    const remotes = await registerRemotesFromPointer(
      async () => pointer,
      register,
      () => ({}),
    );
    expect(register).toHaveBeenCalledWith(
      [
        { name: 'remote_inbox', entry: '/deployments/remote-inbox/1.2.0/mf-manifest.json' },
        { name: 'remote_auth', entry: '/deployments/remote-auth/3.0.0/mf-manifest.json' },
      ],
      { force: true },
    );
    expect(remotes).toHaveLength(2);
    expect(registeredRemote('remote_inbox')?.version).toBe('1.2.0');
  });
});
