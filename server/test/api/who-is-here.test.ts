/** Who is here (issue #21): viewers and typing of one conversation, within its account only. */
import type { Socket } from 'socket.io-client';
import type { SocketAck, TypingEvent, ViewersEvent } from '@parley/contract';
import { contacts } from '../../src/modules/contacts/schema';
import { conversations } from '../../src/modules/conversations/schema';
import { connected, openSocket } from '../helpers/socket';
import { startTestServer, type TestServer, type TestUser } from '../helpers/test-server';

describe('who is here', () => {
  let server: TestServer;
  let owner: TestUser;
  let agent: TestUser;
  let stranger: TestUser;
  let conversationId: string;
  let phoneCounter = 0;
  const sockets: Socket[] = [];

  const conversationOf = async (accountId: string) => {
    phoneCounter += 1;
    const [contact] = await server.db
      .insert(contacts)
      .values({ accountId, name: `Customer ${phoneCounter}`, phone: `1555100${String(phoneCounter).padStart(4, '0')}` })
      .returning();
    const [row] = await server.db.insert(conversations).values({ accountId, contactId: contact.id }).returning();
    return row.id;
  };

  /** A connected socket of the user (the first getOnline means the server has set it up). */
  const open = async (user: TestUser) => {
    const socket = openSocket(server.url, await server.login(user.email, user.password));
    sockets.push(socket);
    return connected(socket);
  };
  const view = (socket: Socket, id: string | null) =>
    socket.timeout(20_000).emitWithAck('viewing', { conversationId: id }) as Promise<SocketAck>;
  const type = (socket: Socket, id: string, stopped?: boolean) =>
    socket
      .timeout(20_000)
      .emitWithAck('typing', { conversationId: id, ...(stopped ? { stopped } : {}) }) as Promise<SocketAck>;
  /** Resolves with the first viewers event of the conversation whose user ids (sorted) are `ids`. */
  const viewersAre = (socket: Socket, id: string, ids: string[]) =>
    new Promise<ViewersEvent>((resolve) => {
      const listener = (event: ViewersEvent) => {
        if (
          event.conversationId === id &&
          JSON.stringify(event.users.map((u) => u.id).sort()) === JSON.stringify([...ids].sort())
        ) {
          socket.off('viewers', listener);
          resolve(event);
        }
      };
      socket.on('viewers', listener);
    });
  /** Every event of these names the socket receives, to check what it never got. */
  const record = (socket: Socket) => {
    const seen: { name: string; payload: unknown }[] = [];
    socket.onAny((name: string, payload: unknown) => seen.push({ name, payload }));
    return seen;
  };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await server.registerAndVerify({ fullName: 'Olivia Owner' });
    agent = await server.createAgent({ accountId: owner.accountId, fullName: 'Adam Smith' });
    stranger = await server.registerAndVerify({ fullName: 'Sam Stranger' });
    conversationId = await conversationOf(owner.accountId);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  it('shows two staff members of the account to each other, with their names', async () => {
    const ownerSocket = await open(owner);
    const agentSocket = await open(agent);
    const ownerAlone = viewersAre(ownerSocket, conversationId, [owner.id]);
    expect(await view(ownerSocket, conversationId)).toEqual({ ok: true });
    expect((await ownerAlone).users).toEqual([{ id: owner.id, fullName: 'Olivia Owner' }]);

    const ownerSeesBoth = viewersAre(ownerSocket, conversationId, [owner.id, agent.id]);
    const agentSeesBoth = viewersAre(agentSocket, conversationId, [owner.id, agent.id]);
    expect(await view(agentSocket, conversationId)).toEqual({ ok: true });
    const both = await ownerSeesBoth;
    expect(both.users).toEqual(
      expect.arrayContaining([
        { id: owner.id, fullName: 'Olivia Owner' },
        { id: agent.id, fullName: 'Adam Smith' },
      ]),
    );
    await agentSeesBoth;
  });

  it('lists a user with two tabs once, and updates the set when one leaves and when one disconnects', async () => {
    const ownerSocket = await open(owner);
    const agentTab1 = await open(agent);
    const agentTab2 = await open(agent);
    await view(ownerSocket, conversationId);
    const withAgent = viewersAre(ownerSocket, conversationId, [owner.id, agent.id]);
    await view(agentTab1, conversationId);
    await view(agentTab2, conversationId);
    expect((await withAgent).users).toHaveLength(2);

    // One tab leaving keeps the agent in the set (the event after it still lists both).
    const stillBoth = viewersAre(ownerSocket, conversationId, [owner.id, agent.id]);
    expect(await view(agentTab1, null)).toEqual({ ok: true });
    await stillBoth;

    const agentGone = viewersAre(ownerSocket, conversationId, [owner.id]);
    agentTab2.close();
    await agentGone;

    const agentBack = viewersAre(ownerSocket, conversationId, [owner.id, agent.id]);
    await view(agentTab1, conversationId);
    await agentBack;
    // Opening another conversation leaves this one.
    const other = await conversationOf(owner.accountId);
    const agentLeft = viewersAre(ownerSocket, conversationId, [owner.id]);
    const agentAlone = viewersAre(agentTab1, other, [agent.id]);
    await view(agentTab1, other);
    await agentLeft;
    await agentAlone;
  });

  it("never lets another account's staff join the conversation or hear of it", async () => {
    const ownerSocket = await open(owner);
    const agentSocket = await open(agent);
    const strangerSocket = await open(stranger);
    const strangerSaw = record(strangerSocket);

    expect(await view(strangerSocket, conversationId)).toEqual({ error: 'Conversation not found' });
    expect(await view(strangerSocket, 'not-a-uuid')).toEqual({ error: 'Invalid request' });
    // Not in the room: typing there is refused.
    expect(await type(strangerSocket, conversationId)).toEqual({ error: 'Not viewing this conversation' });

    const both = viewersAre(ownerSocket, conversationId, [owner.id, agent.id]);
    await view(ownerSocket, conversationId);
    await view(agentSocket, conversationId);
    await both;
    const typed = new Promise<TypingEvent>((resolve) => ownerSocket.once('typing', resolve));
    await type(agentSocket, conversationId);
    await typed;
    // The stranger's own conversation, after all of the above: its viewers event comes after anything sent before.
    const own = await conversationOf(stranger.accountId);
    const ownViewers = viewersAre(strangerSocket, own, [stranger.id]);
    await view(strangerSocket, own);
    await ownViewers;

    const about = strangerSaw.filter(
      ({ name, payload }) =>
        (name === 'viewers' || name === 'typing') &&
        (payload as { conversationId: string }).conversationId === conversationId,
    );
    expect(about).toEqual([]);
  });

  it('forwards typing to the other viewers only, with the typist from the token', async () => {
    const ownerSocket = await open(owner);
    const agentSocket = await open(agent);
    const outsider = await open(owner); // a tab of the owner's colleague view elsewhere: not viewing
    const agentSaw = record(agentSocket);
    const outsiderSaw = record(outsider);
    const both = viewersAre(ownerSocket, conversationId, [owner.id, agent.id]);
    await view(agentSocket, conversationId);
    await view(ownerSocket, conversationId);
    await both;

    const typed = new Promise<TypingEvent>((resolve) => ownerSocket.once('typing', resolve));
    // A user id in the payload is ignored: the server names the socket's own user.
    agentSocket.emit('typing', { conversationId, userId: owner.id });
    expect(await typed).toEqual({ conversationId, userId: agent.id, fullName: 'Adam Smith' });

    const stopped = new Promise<TypingEvent>((resolve) => ownerSocket.once('typing', resolve));
    expect(await type(agentSocket, conversationId, true)).toEqual({ ok: true });
    expect(await stopped).toEqual({ conversationId, userId: agent.id, fullName: 'Adam Smith', stopped: true });

    // The typist's own socket and a socket not viewing never get it (checked after a later event to each).
    const ownerTyped = new Promise<TypingEvent>((resolve) => agentSocket.once('typing', resolve));
    await type(ownerSocket, conversationId);
    expect((await ownerTyped).userId).toBe(owner.id);
    const outsiderViewers = viewersAre(outsider, conversationId, [owner.id, agent.id]);
    await view(outsider, conversationId);
    await outsiderViewers;
    expect(
      agentSaw.filter(({ name, payload }) => name === 'typing' && (payload as TypingEvent).userId === agent.id),
    ).toEqual([]);
    expect(outsiderSaw.filter(({ name }) => name === 'typing')).toEqual([]);
  });
});
