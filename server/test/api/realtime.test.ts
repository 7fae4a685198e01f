import type { Socket } from 'socket.io-client';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/modules/users/schema';
import { connected, openSocket, refusal } from '../helpers/socket';
import { startTestServer, type TestServer, type TestUser } from '../helpers/test-server';

describe('realtime', () => {
  let server: TestServer;
  let owner: TestUser;
  let ownerToken: string;
  const sockets: Socket[] = [];

  const open = (token?: string) => {
    const socket = openSocket(server.url, token);
    sockets.push(socket);
    return socket;
  };
  const connectError = refusal;
  /** Resolves with the first getOnline list that satisfies `predicate`. */
  const onlineWhere = (socket: Socket, predicate: (ids: string[]) => boolean) =>
    new Promise<string[]>((resolve) => {
      const listener = (ids: string[]) => {
        if (predicate(ids)) {
          socket.off('getOnline', listener);
          resolve(ids);
        }
      };
      socket.on('getOnline', listener);
    });

  beforeAll(async () => {
    server = await startTestServer();
    ({ token: ownerToken, ...owner } = await server.signedInOwner());
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  it('refuses a connection without a token', async () => {
    expect(await connectError(open())).toBe('Authentication required');
  });

  it('refuses a connection with a forged token', async () => {
    expect(await connectError(open('forged.token.value'))).toBe('Invalid token');
  });

  it('accepts a valid token and sends the online users of the account', async () => {
    const socket = open(ownerToken);
    const ids = await onlineWhere(socket, (list) => list.includes(owner.id));
    expect(ids).toEqual([owner.id]);
    expect(await server.server.realtime.onlineUserIds(owner.accountId)).toEqual([owner.id]);
  });

  it('tells the account when a colleague connects and disconnects, and nobody else', async () => {
    const agent = await server.createAgent({ accountId: owner.accountId });
    const stranger = await server.registerAndVerify();
    const strangerSocket = open(await server.login(stranger.email, stranger.password));
    await onlineWhere(strangerSocket, (list) => list.includes(stranger.id));

    const ownerSocket = open(ownerToken);
    await onlineWhere(ownerSocket, (list) => list.includes(owner.id));

    const colleagueOnline = onlineWhere(ownerSocket, (list) => list.includes(agent.id));
    const agentSocket = open(await server.login(agent.email, agent.password));
    expect((await colleagueOnline).sort()).toEqual([owner.id, agent.id].sort());

    const colleagueGone = onlineWhere(ownerSocket, (list) => !list.includes(agent.id));
    agentSocket.close();
    expect(await colleagueGone).toEqual([owner.id]);
    expect(await server.server.realtime.onlineUserIds(stranger.accountId)).toEqual([stranger.id]);
  });

  it('sends a second tab the list but tells the others only when a user comes or goes', async () => {
    const { token: agentToken, ...agent } = await server.signedInAgent({ accountId: owner.accountId });
    const ownerSocket = open(ownerToken);
    const ownerLists: string[][] = [];
    ownerSocket.on('getOnline', (ids: string[]) => ownerLists.push([...ids].sort()));
    await onlineWhere(ownerSocket, (list) => list.includes(owner.id));

    const firstTab = open(agentToken);
    await onlineWhere(firstTab, (list) => list.includes(agent.id));
    const secondTab = open(agentToken);
    expect((await onlineWhere(secondTab, () => true)).sort()).toEqual([owner.id, agent.id].sort());

    // Whichever tab the server sees closing first, only the last one changes the list.
    const agentGone = onlineWhere(ownerSocket, (list) => !list.includes(agent.id));
    secondTab.close();
    firstTab.close();
    await agentGone;
    expect(ownerLists).toEqual([[owner.id], [owner.id, agent.id].sort(), [owner.id]]);
  });

  it('delivers toAccount events to the account room', async () => {
    const socket = open(ownerToken);
    await onlineWhere(socket, (list) => list.includes(owner.id));
    const received = new Promise((resolve) => socket.once('message', resolve));
    server.server.realtime.toAccount(owner.accountId, 'message', { hello: 'world' });
    expect(await received).toEqual({ hello: 'world' });
  });

  it('refuses the token of a suspended user and disconnects them on demand', async () => {
    const { token, ...agent } = await server.signedInAgent({ accountId: owner.accountId });
    const socket = open(token);
    await onlineWhere(socket, (list) => list.includes(agent.id));

    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    await server.db
      .update(users)
      .set({ status: 'hold', tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, agent.id));
    server.server.realtime.disconnectUser(agent.id);
    await disconnected;

    expect(await connectError(open(token))).toMatch(/suspended/);
  });
});

describe('shutdown', () => {
  it('closes live sockets and stops listening', async () => {
    const server = await startTestServer();
    const owner = await server.registerAndVerify();
    const socket = openSocket(server.url, await server.login(owner.email, owner.password));
    try {
      await connected(socket);
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await server.close();
      expect(await disconnected).toBe('io server disconnect');
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      socket.close();
    }
  });
});
