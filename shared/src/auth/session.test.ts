import Cookies from 'js-cookie';
import { api } from '../api/client';
import { $persisted, PERSIST_ROOT_KEY } from '../stores/persisted';
import { endSession, startSession } from './session';

// A token the client can decode (the signature is the server's business).
function fakeToken(payload: object): string {
  const encode = (part: object) =>
    btoa(JSON.stringify(part)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const exp = Math.floor(Date.now() / 1000) + 3600;

describe('session', () => {
  afterEach(() => {
    Cookies.remove('token', { path: '/' });
    localStorage.clear();
  });

  it('starts a session from the token: isOwner only for role owner', () => {
    startSession(fakeToken({ role: 'owner', lastLoginDate: '2026-11-20T10:00:00Z', exp }));
    expect($persisted.get().session).toEqual({
      isAuthenticated: true,
      lastLoginDate: '2026-11-20T10:00:00Z',
      isOwner: true,
    });
    startSession(fakeToken({ role: 'agent', lastLoginDate: '2026-11-20T10:00:00Z', exp }));
    expect($persisted.get().session.isOwner).toBe(false);
  });

  it('persists under one root key with version 1', () => {
    startSession(fakeToken({ role: 'agent', lastLoginDate: 'x', exp }));
    const stored = JSON.parse(localStorage.getItem(PERSIST_ROOT_KEY) ?? '{}');
    expect(stored.version).toBe(1);
    expect(stored.session.isAuthenticated).toBe(true);
  });

  it('sends the token cookie as a bearer header', async () => {
    const token = fakeToken({ role: 'agent', lastLoginDate: 'x', exp });
    startSession(token);
    let seen: string | undefined;
    await api.get('/api/user/profile', {
      adapter: async (config) => {
        seen = String(config.headers.Authorization);
        return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
      },
    });
    expect(seen).toBe(`Bearer ${token}`);
  });

  it('a 401 on any call empties persisted state, the cookie and the answer cache', async () => {
    startSession(fakeToken({ role: 'owner', lastLoginDate: 'x', exp }));
    $persisted.set({ ...$persisted.get(), onlineUserIds: ['u1'], assets: [{ id: 'a' } as never] });
    const unauthorized = api.get('/api/conversations', {
      adapter: async (config) => {
        const error = Object.assign(new Error('401'), {
          isAxiosError: true,
          config,
          response: { status: 401, data: { message: 'Token expired' }, statusText: '', headers: {}, config },
        });
        throw error;
      },
    });
    await expect(unauthorized).rejects.toBeTruthy();
    expect($persisted.get()).toEqual({
      version: 1,
      session: { isAuthenticated: false, lastLoginDate: null, isOwner: false },
      onlineUserIds: [],
      profile: null,
      assets: [],
    });
    expect(Cookies.get('token')).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(PERSIST_ROOT_KEY) ?? '{}').session?.isAuthenticated ?? false).toBe(false);
  });

  it('logout asks the server to revoke the token, then forgets everything at once', async () => {
    const token = fakeToken({ role: 'owner', lastLoginDate: 'x', exp });
    startSession(token);
    const post = jest.spyOn(api, 'post').mockResolvedValue({ data: { message: 'Logged out' } });
    try {
      endSession();
      expect(post).toHaveBeenCalledWith('/auth/logout', null, { headers: { Authorization: `Bearer ${token}` } });
      expect(Cookies.get('token')).toBeUndefined();
      expect($persisted.get().session.isAuthenticated).toBe(false);
    } finally {
      post.mockRestore();
    }
  });

  it('logs out locally even when the server cannot be reached', async () => {
    startSession(fakeToken({ role: 'agent', lastLoginDate: 'x', exp }));
    const post = jest.spyOn(api, 'post').mockRejectedValue(new Error('Network Error'));
    try {
      endSession();
      await Promise.resolve();
      expect($persisted.get().session.isAuthenticated).toBe(false);
    } finally {
      post.mockRestore();
    }
  });
});
