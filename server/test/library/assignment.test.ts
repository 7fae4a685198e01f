/**
 * Assignment (issue #21): a conversation is assigned to one staff member of its account or to nobody. Owners
 * assign anyone active on the staff; agents only themselves (an unassigned one, or their own) and unassign only
 * their own; an agent's reply takes an unassigned conversation. The list filters by assignee, every answer and
 * the `conversation` event carry it, and suspending or deleting a staff member unassigns their conversations.
 */
import type { Socket } from 'socket.io-client';
import { startChannelStack, waitFor, type ChannelStack } from '../channel/channel-helpers';
import { connected, openSocket } from '../helpers/socket';
import type { TestUser } from '../helpers/test-server';

let stack: ChannelStack;
let agent: TestUser;
let agentToken: string;
let colleague: TestUser;
let colleagueToken: string;
let other: TestUser;
let otherToken: string;
const sockets: Socket[] = [];

/** Records one connection's `conversation` events, once it counts as online. */
async function recordConversations(token: string) {
  const socket = openSocket(stack.server.url, token);
  sockets.push(socket);
  const events: any[] = [];
  socket.on('conversation', (payload: unknown) => events.push(payload));
  await connected(socket);
  return {
    events,
    waitFor: (predicate: (payload: any) => boolean, what: string) =>
      waitFor(async () => events.find(predicate), what, 15_000),
  };
}

beforeAll(async () => {
  stack = await startChannelStack();
  ({ token: agentToken, ...agent } = await stack.server.signedInAgent({
    accountId: stack.owner.accountId,
    fullName: 'Agnes Agent',
  }));
  ({ token: colleagueToken, ...colleague } = await stack.server.signedInAgent({
    accountId: stack.owner.accountId,
    fullName: 'Colin Colleague',
  }));
  ({ token: otherToken, ...other } = await stack.server.signedInOwner({ fullName: 'Other Owner' }));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.close();
});

const assign = (conversationId: string, userId: string | null, token?: string) =>
  stack.api('PUT', `/api/conversations/${conversationId}/assignee`, { userId }, token);
const listIds = async (query: string, token?: string) => {
  const answer = await stack.api('GET', `/api/conversations?${query}`, undefined, token);
  expect(answer.status).toBe(200);
  return (answer.body.list as Array<{ id: string }>).map((c) => c.id).sort();
};

describe('assignment API', () => {
  it('starts unassigned; the owner assigns anyone on the staff, reassigns and unassigns', async () => {
    const { conversationId } = await stack.customerWrites('15557770001', 'Who will help me?');
    const detail = await stack.api('GET', `/api/conversations/${conversationId}`);
    expect(detail.body.assignee).toBeNull();

    const toAgent = await assign(conversationId, agent.id);
    expect(toAgent.status).toBe(200);
    expect(toAgent.body).toMatchObject({
      id: conversationId,
      assignee: { id: agent.id, fullName: 'Agnes Agent' },
      unreadCount: expect.any(Number),
    });
    expect(
      (await stack.api('GET', `/api/conversations/${conversationId}`, undefined, agentToken)).body.assignee,
    ).toEqual({
      id: agent.id,
      fullName: 'Agnes Agent',
    });
    expect((await assign(conversationId, stack.owner.id)).body.assignee.id).toBe(stack.owner.id);
    expect((await assign(conversationId, colleague.id)).body.assignee.id).toBe(colleague.id);
    const unassigned = await assign(conversationId, null);
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.assignee).toBeNull();
  });

  it('lets an agent take an unassigned conversation and give up their own, nothing more (403)', async () => {
    const { conversationId } = await stack.customerWrites('15557770002', 'Anyone there?');
    const toOther = await assign(conversationId, colleague.id, agentToken);
    expect(toOther.status).toBe(403);
    expect(toOther.body.message).toBe('Agents can assign a conversation only to themselves');

    const taken = await assign(conversationId, agent.id, agentToken);
    expect(taken.status).toBe(200);
    expect(taken.body.assignee.id).toBe(agent.id);
    // Again: no change, still theirs.
    expect((await assign(conversationId, agent.id, agentToken)).body.assignee.id).toBe(agent.id);

    // Another agent can neither take it nor unassign it.
    for (const userId of [colleague.id, null]) {
      const refused = await assign(conversationId, userId, colleagueToken);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('This conversation is assigned to someone else');
    }
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.assignee.id).toBe(agent.id);

    const released = await assign(conversationId, null, agentToken);
    expect(released.status).toBe(200);
    expect(released.body.assignee).toBeNull();
    expect((await assign(conversationId, colleague.id, colleagueToken)).body.assignee.id).toBe(colleague.id);
  });

  it('refuses bad ids, staff of another account and suspended staff; another account gets 404', async () => {
    const { conversationId } = await stack.customerWrites('15557770003', 'Hello again');
    const bad = await assign(conversationId, 'not-a-uuid' as string);
    expect(bad.status).toBe(400);
    expect((await stack.api('PUT', `/api/conversations/${conversationId}/assignee`, {})).status).toBe(400);
    const stranger = await assign(conversationId, other.id);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Staff member not found');
    expect((await assign(conversationId, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await assign('not-a-uuid', agent.id)).status).toBe(404);
    // Another account's owner cannot see or change it, not even to their own name.
    expect((await assign(conversationId, other.id, otherToken)).status).toBe(404);
    expect((await assign(conversationId, null, otherToken)).status).toBe(404);

    const held = await stack.server.createAgent({ accountId: stack.owner.accountId, fullName: 'Held Agent' });
    expect((await stack.api('PUT', `/api/account/users/${held.id}/status`, { status: 'hold' })).status).toBe(200);
    const suspended = await assign(conversationId, held.id);
    expect(suspended.status).toBe(400);
    expect(suspended.body.message).toBe('A suspended staff member cannot be assigned');
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.assignee).toBeNull();
  });

  it("an agent's reply takes an unassigned conversation; an owner's reply or another's conversation stays", async () => {
    const { conversationId: free } = await stack.customerWrites('15557770004', 'Please answer');
    const { conversationId: owners } = await stack.customerWrites('15557770005', 'Owner answers this');
    const { conversationId: colleagues } = await stack.customerWrites('15557770006', 'Colin has this one');
    await assign(colleagues, colleague.id);

    expect((await stack.api('POST', `/api/conversations/${owners}`, { text: 'Owner here' })).status).toBe(201);
    expect((await stack.api('GET', `/api/conversations/${owners}`)).body.assignee).toBeNull();

    expect((await stack.api('POST', `/api/conversations/${free}`, { text: 'On it' }, agentToken)).status).toBe(201);
    expect((await stack.api('GET', `/api/conversations/${free}`)).body.assignee).toEqual({
      id: agent.id,
      fullName: 'Agnes Agent',
    });

    expect((await stack.api('POST', `/api/conversations/${colleagues}`, { text: 'Me too' }, agentToken)).status).toBe(
      201,
    );
    expect((await stack.api('GET', `/api/conversations/${colleagues}`)).body.assignee.id).toBe(colleague.id);
  });

  it('filters the list: mine, unassigned, a staff member, everyone', async () => {
    const { conversationId: mine } = await stack.customerWrites('15557770007', 'For the agent');
    const { conversationId: theirs } = await stack.customerWrites('15557770008', 'For the colleague');
    const { conversationId: nobodys } = await stack.customerWrites('15557770009', 'For nobody');
    await assign(mine, agent.id);
    await assign(theirs, colleague.id);

    const everyone = await listIds('limit=1000');
    expect(everyone).toEqual(expect.arrayContaining([mine, theirs, nobodys]));
    expect(await listIds('assignee=me', agentToken)).toContain(mine);
    expect(await listIds('assignee=me', agentToken)).not.toContain(theirs);
    expect(await listIds(`assignee=${agent.id}`)).toContain(mine);
    const unassigned = await listIds('assignee=unassigned&limit=1000');
    expect(unassigned).toContain(nobodys);
    expect(unassigned).not.toContain(mine);
    expect(unassigned).not.toContain(theirs);
    const theirList = await stack.api('GET', `/api/conversations?assignee=${colleague.id}&limit=1000`);
    for (const row of theirList.body.list)
      expect(row.assignee).toEqual({ id: colleague.id, fullName: 'Colin Colleague' });
    // Combined with the status tab.
    expect(await listIds('assignee=me&status=closed', agentToken)).toEqual([]);
    // Nobody's ids and another account's staff: nothing.
    for (const value of ['someone', other.id]) expect(await listIds(`assignee=${value}`)).toEqual([]);
    expect(await listIds('assignee=me', otherToken)).toEqual([]);
  });

  it('tells every staff member live, and unassigns the conversations of a suspended or deleted staff member', async () => {
    const watcher = await recordConversations(colleagueToken);
    const stranger = await recordConversations(otherToken);
    const { conversationId } = await stack.customerWrites('15557770010', 'Assign me live');
    await assign(conversationId, agent.id);
    const event = await watcher.waitFor(
      (p) => p.conversation.id === conversationId && p.conversation.assignee?.id === agent.id,
      'the assigned conversation',
    );
    expect(event.conversation.assignee).toEqual({ id: agent.id, fullName: 'Agnes Agent' });

    // Suspending the agent unassigns it, live.
    expect((await stack.api('PUT', `/api/account/users/${agent.id}/status`, { status: 'hold' })).status).toBe(200);
    await watcher.waitFor(
      (p) =>
        p.conversation.id === conversationId &&
        p.conversation.assignee === null &&
        p.conversation.updatedAt > event.conversation.updatedAt,
      'the conversation unassigned after the suspension',
    );
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.assignee).toBeNull();
    expect((await stack.api('PUT', `/api/account/users/${agent.id}/status`, { status: 'active' })).status).toBe(200);

    // Deleting a staff member too.
    const leaving = await stack.server.createAgent({ accountId: stack.owner.accountId, fullName: 'Leaving Agent' });
    await assign(conversationId, leaving.id);
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.assignee.id).toBe(leaving.id);
    expect((await stack.api('DELETE', `/api/account/users/${leaving.id}`)).status).toBe(200);
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.assignee).toBeNull();
    expect(await listIds(`assignee=${leaving.id}`)).toEqual([]);

    expect(stranger.events).toEqual([]);
  });
});
