import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { users } from '../../src/modules/users/schema';
import { deleteUser, setUserStatus, USER_MESSAGES } from '../../src/modules/users/service';
import { connected, openSocket as open } from '../helpers/socket';
import { startTestServer, uniqueEmail, type TestServer, type TestUser } from '../helpers/test-server';

describe('users (owner only, own account only)', () => {
  let server: TestServer;
  let owner: TestUser;
  let ownerToken: string;
  let stranger: TestUser;
  let strangerToken: string;
  const sockets: Socket[] = [];

  const asOwner = (method: string, path: string, body?: unknown) =>
    server.request(method, path, { token: ownerToken, body });
  /** The owner adds a user (an agent: no role given). */
  const addUser = (fullName: string, title: string, email: string, password: string) =>
    asOwner('POST', '/api/account/users', { fullName, title, email, password });
  const openSocket = (token: string) => {
    const socket = open(server.url, token);
    sockets.push(socket);
    return connected(socket, 'connect');
  };
  const disconnected = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  const newAgent = (overrides: Parameters<TestServer['createAgent']>[0] | object = {}) =>
    server.createAgent({ accountId: owner.accountId, ...overrides });

  beforeAll(async () => {
    server = await startTestServer();
    ({ token: ownerToken, ...owner } = await server.signedInOwner({ fullName: 'Olga Owner', title: 'Founder' }));
    ({ token: strangerToken, ...stranger } = await server.signedInOwner({ fullName: 'Stan Stranger' }));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  describe('who may call', () => {
    it('refuses agents (403) and callers without a token (401) on every users route', async () => {
      const agent = await newAgent();
      const agentToken = await server.login(agent.email, agent.password);
      const routes: Array<[string, string, unknown?]> = [
        ['GET', '/api/account/users'],
        ['POST', '/api/account/users', { fullName: 'X', title: 'Y', email: uniqueEmail(), password: 'pw' }],
        ['PUT', `/api/account/users/${agent.id}`, { fullName: 'X', title: 'Y' }],
        ['PUT', `/api/account/users/${agent.id}/status`, { status: 'hold' }],
        ['DELETE', `/api/account/users/${agent.id}`],
      ];
      for (const [method, path, body] of routes) {
        expect((await server.request(method, path, { token: agentToken, body })).status).toBe(403);
        expect((await server.request(method, path, { body })).status).toBe(401);
      }
      const [row] = await server.db.select().from(users).where(eq(users.id, agent.id));
      expect(row).toMatchObject({ status: 'active', deletedAt: null, fullName: agent.fullName });
    });

    it("answers 404 for another account's user, whatever the action", async () => {
      const foreigner = await server.createAgent({ accountId: stranger.accountId });
      const path = `/api/account/users/${foreigner.id}`;
      expect((await asOwner('PUT', path, { fullName: 'Hacked', title: 'Hacked' })).status).toBe(404);
      expect((await asOwner('PUT', `${path}/status`, { status: 'hold' })).status).toBe(404);
      expect((await asOwner('DELETE', path)).status).toBe(404);
      const [row] = await server.db.select().from(users).where(eq(users.id, foreigner.id));
      expect(row).toMatchObject({ fullName: foreigner.fullName, status: 'active', deletedAt: null });
      await server.login(foreigner.email, foreigner.password);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
        const answer = await asOwner('PUT', `/api/account/users/${id}`, { fullName: 'A', title: 'B' });
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: USER_MESSAGES.notFound, code: 'user_not_found' });
      }
    });
  });

  describe('GET /api/account/users', () => {
    let boss: TestUser;
    let bossToken: string;

    beforeAll(async () => {
      // A fresh account with a known number of users: the owner and six agents.
      ({ token: bossToken, ...boss } = await server.signedInOwner({ fullName: 'Bea Boss', title: 'CEO' }));
      for (let index = 1; index <= 6; index += 1) {
        await server.createAgent({ accountId: boss.accountId, fullName: `Agent ${index}`, title: `Desk ${index}` });
      }
    });
    const list = (query = '') => server.request('GET', `/api/account/users${query}`, { token: bossToken });

    it('pages the account’s users, 5 by default, with lastPage', async () => {
      const first = await list();
      expect(first.status).toBe(200);
      expect(first.body.lastPage).toBe(2);
      expect(first.body.list).toHaveLength(5);
      expect(first.body.list[0]).toEqual({
        id: boss.id,
        fullName: 'Bea Boss',
        email: boss.email,
        title: 'CEO',
        role: 'owner',
        status: 'active',
        online: false,
      });
      const second = await list('?limit=5&page=2');
      expect(second.body.list.map((user: { fullName: string }) => user.fullName)).toEqual(['Agent 5', 'Agent 6']);
      const all = await list('?limit=50&page=1');
      expect(all.body).toMatchObject({ lastPage: 1 });
      expect(all.body.list).toHaveLength(7);
      expect(all.body.list.every((user: { email: string }) => user.email !== owner.email)).toBe(true);
      expect(JSON.stringify(all.body)).not.toMatch(/password|tokenVersion|hash/i);
      expect((await list('?limit=5&page=9')).body).toEqual({ list: [], lastPage: 2 });
    });

    it('refuses nonsense page parameters with 400', async () => {
      for (const query of ['?limit=0', '?limit=abc', '?limit=101', '?page=0', '?page=-1', '?limit=2.5']) {
        const answer = await list(query);
        expect(answer.status).toBe(400);
        expect(typeof answer.body.message).toBe('string');
      }
    });

    it('marks the users who are connected right now as online', async () => {
      const socket = await openSocket(bossToken);
      const online = await list('?limit=50');
      expect(online.body.list.find((user: { id: string }) => user.id === boss.id).online).toBe(true);
      expect(online.body.list.filter((user: { online: boolean }) => user.online)).toHaveLength(1);
      const gone = disconnected(socket);
      socket.close();
      await gone;
      // Presence forgets the socket asynchronously after the server notices the close: waited for generously (a
      // busy machine can take seconds), not for a fixed second.
      const deadline = Date.now() + 15_000;
      while ((await server.server.realtime.onlineUserIds(boss.accountId)).includes(boss.id) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await list('?limit=50')).body.list.find((user: { id: string }) => user.id === boss.id).online).toBe(
        false,
      );
    });
  });

  describe('POST /api/account/users', () => {
    it('creates a verified, active agent in the owner’s account who can log in at once', async () => {
      const email = uniqueEmail('new');
      const answer = await asOwner('POST', '/api/account/users', {
        fullName: 'Nina New',
        title: 'Support',
        email: email.toUpperCase(),
        password: 'nina password',
        role: 'owner',
        online: true,
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.any(String),
        fullName: 'Nina New',
        email,
        title: 'Support',
        role: 'agent',
        status: 'active',
        online: false,
      });
      const token = await server.login(email, 'nina password');
      const profile = await server.request('GET', '/api/user/profile', { token });
      expect(profile.body).toMatchObject({ role: 'agent', isOwner: false, account: { id: owner.accountId } });
    });

    it('answers 409 when the email is used, in any account and any case', async () => {
      for (const email of [owner.email, stranger.email.toUpperCase()]) {
        const answer = await addUser('Dup', 'Dup', email, 'pw');
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({ message: USER_MESSAGES.emailTaken, code: 'email_taken' });
      }
    });

    it('requires all four fields and an email in email format', async () => {
      const valid = { fullName: 'Val Id', title: 'Agent', email: uniqueEmail(), password: 'pw' };
      for (const field of ['fullName', 'title', 'email', 'password'] as const) {
        const answer = await asOwner('POST', '/api/account/users', { ...valid, [field]: '' });
        expect(answer.status).toBe(400);
        expect(Object.keys(answer.body.errors)).toEqual([field]);
        const missing = { ...valid } as Record<string, string>;
        delete missing[field];
        expect((await asOwner('POST', '/api/account/users', missing)).status).toBe(400);
      }
      const badEmail = await asOwner('POST', '/api/account/users', { ...valid, email: 'not-an-email' });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.errors.email).toBe('Email must be a valid email address');
      expect((await asOwner('POST', '/api/account/users', 'not json')).status).toBe(400);
    });
  });

  describe('PUT /api/account/users/{id}', () => {
    it('changes full name and title, nothing else', async () => {
      const agent = await newAgent();
      const answer = await asOwner('PUT', `/api/account/users/${agent.id}`, {
        fullName: ' Renamed ',
        title: 'Lead',
        email: 'x@y.z',
        role: 'owner',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: agent.id,
        fullName: 'Renamed',
        title: 'Lead',
        email: agent.email,
        role: 'agent',
      });
    });

    it('lets the owner edit themself', async () => {
      const answer = await asOwner('PUT', `/api/account/users/${owner.id}`, { fullName: 'Olga O.', title: 'Founder' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ fullName: 'Olga O.', role: 'owner' });
    });

    it('requires both full name and title', async () => {
      const agent = await newAgent();
      for (const body of [{ fullName: '', title: 'T' }, { fullName: 'F', title: '   ' }, { fullName: 'F' }, {}]) {
        expect((await asOwner('PUT', `/api/account/users/${agent.id}`, body)).status).toBe(400);
      }
      const [row] = await server.db.select().from(users).where(eq(users.id, agent.id));
      expect(row.fullName).toBe(agent.fullName);
    });
  });

  describe('suspension', () => {
    it('puts an agent on hold: their token stops working and their sockets are cut at once', async () => {
      const agent = await newAgent();
      const agentToken = await server.login(agent.email, agent.password);
      const socket = await openSocket(agentToken);
      const told = new Promise((resolve) => socket.once('sessionEnded', resolve));
      const cut = disconnected(socket);
      const answer = await asOwner('PUT', `/api/account/users/${agent.id}/status`, { status: 'hold' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: agent.id, status: 'hold', online: false });
      expect(await told).toEqual({ reason: 'suspended' });
      expect(await cut).toBe('io server disconnect');
      expect((await server.request('GET', '/api/user/profile', { token: agentToken })).status).toBe(401);
      expect(
        (await server.request('POST', '/auth/login', { body: { email: agent.email, password: agent.password } }))
          .status,
      ).toBe(403);
      await expect(openSocket(agentToken)).rejects.toThrow();
    });

    it('unsuspends: the user logs in again, while tokens from before the suspension stay dead', async () => {
      const agent = await newAgent();
      const oldToken = await server.login(agent.email, agent.password);
      await asOwner('PUT', `/api/account/users/${agent.id}/status`, { status: 'hold' });
      const answer = await asOwner('PUT', `/api/account/users/${agent.id}/status`, { status: 'active' });
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('active');
      const newToken = await server.login(agent.email, agent.password);
      expect((await server.request('GET', '/api/user/profile', { token: newToken })).status).toBe(200);
      expect((await server.request('GET', '/api/user/profile', { token: oldToken })).status).toBe(401);
    });

    it('accepts only hold and active', async () => {
      const agent = await newAgent();
      for (const status of ['deleted', 'HOLD', '', null, 1]) {
        expect((await asOwner('PUT', `/api/account/users/${agent.id}/status`, { status })).status).toBe(400);
      }
    });

    it('refuses to let the owner suspend themself (422)', async () => {
      const answer = await asOwner('PUT', `/api/account/users/${owner.id}/status`, { status: 'hold' });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: USER_MESSAGES.selfSuspend, code: 'self_suspend' });
      expect((await server.request('GET', '/api/user/profile', { token: ownerToken })).status).toBe(200);
    });

    it('lets an owner suspend a fellow owner, who loses access', async () => {
      const coOwner = await newAgent({ role: 'owner' });
      const coToken = await server.login(coOwner.email, coOwner.password);
      expect((await asOwner('PUT', `/api/account/users/${coOwner.id}/status`, { status: 'hold' })).status).toBe(200);
      expect((await server.request('GET', '/api/account/users', { token: coToken })).status).toBe(401);
    });
  });

  describe('deletion', () => {
    it('removes an agent: gone from the list, token and sockets dead, login refused', async () => {
      const agent = await newAgent();
      const agentToken = await server.login(agent.email, agent.password);
      const socket = await openSocket(agentToken);
      const events: string[] = [];
      socket.on('sessionEnded', (payload: { reason: string }) => events.push(`sessionEnded:${payload.reason}`));
      const cut = disconnected(socket).then((reason) => events.push(`disconnect:${reason}`));
      const answer = await asOwner('DELETE', `/api/account/users/${agent.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
      await cut;
      expect(events).toEqual(['sessionEnded:deleted', 'disconnect:io server disconnect']);
      expect((await server.request('GET', '/api/user/profile', { token: agentToken })).status).toBe(401);
      expect(
        (await server.request('POST', '/auth/login', { body: { email: agent.email, password: agent.password } }))
          .status,
      ).toBe(403);
      const listed = await asOwner('GET', '/api/account/users?limit=100');
      expect(listed.body.list.some((user: { id: string }) => user.id === agent.id)).toBe(false);
      expect((await asOwner('DELETE', `/api/account/users/${agent.id}`)).status).toBe(404);
      expect((await asOwner('PUT', `/api/account/users/${agent.id}`, { fullName: 'A', title: 'B' })).status).toBe(404);
    });

    it('refuses to let the owner delete themself (422)', async () => {
      const answer = await asOwner('DELETE', `/api/account/users/${owner.id}`);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: USER_MESSAGES.selfDelete, code: 'self_delete' });
    });

    it('lets the owner add a deleted user back with the same email', async () => {
      const agent = await newAgent();
      await asOwner('DELETE', `/api/account/users/${agent.id}`);
      const again = await addUser('Back Again', 'Returner', agent.email, 'fresh password');
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ email: agent.email, fullName: 'Back Again', role: 'agent', status: 'active' });
      await expect(server.login(agent.email, agent.password)).rejects.toThrow();
      await server.login(agent.email, 'fresh password');
    });

    it("does not revive another account's deleted user", async () => {
      const foreigner = await server.createAgent({ accountId: stranger.accountId });
      await server.request('DELETE', `/api/account/users/${foreigner.id}`, { token: strangerToken });
      const answer = await addUser('Taken', 'T', foreigner.email, 'pw');
      expect(answer.status).toBe(409);
    });
  });

  describe('the account always keeps an active owner', () => {
    it('refuses to suspend or delete the last active owner, even when the caller is not themself', async () => {
      // Through the API the caller is always an active owner; here the rule is checked on its own, as it
      // would be when two owners act at the same moment.
      const lonely = await server.registerAndVerify();
      const colleague = await server.createAgent({ accountId: lonely.accountId });
      const online = new Set<string>();
      await expect(
        setUserStatus(server.db, lonely.accountId, colleague.id, lonely.id, 'hold', online),
      ).rejects.toMatchObject({
        status: 422,
        message: USER_MESSAGES.lastOwner,
      });
      await expect(deleteUser(server.db, lonely.accountId, colleague.id, lonely.id)).rejects.toMatchObject({
        status: 422,
      });
      const [row] = await server.db.select().from(users).where(eq(users.id, lonely.id));
      expect(row).toMatchObject({ status: 'active', deletedAt: null });
    });

    it('allows it while another active owner remains', async () => {
      const first = await server.registerAndVerify();
      const second = await server.createAgent({ accountId: first.accountId, role: 'owner' });
      const result = await setUserStatus(server.db, first.accountId, first.id, second.id, 'hold', new Set());
      expect(result.user.status).toBe('hold');
      // Now `first` is the only active owner left: the (held) second owner may not take them down.
      await expect(
        setUserStatus(server.db, first.accountId, second.id, first.id, 'hold', new Set()),
      ).rejects.toMatchObject({ status: 422 });
    });
  });
});
