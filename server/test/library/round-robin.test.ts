/**
 * Round robin (issue #21): with the account's setting on, a customer's first message gives the new conversation
 * to the next active staff member who is online, in turn; offline or suspended members are skipped, nobody
 * online leaves it unassigned, and only owners read or change the setting. "Online" is a real socket.
 */
import type { Socket } from 'socket.io-client';
import { recordEvents, startChannelStack, waitFor, type ChannelStack } from '../channel/channel-helpers';
import type { TestUser } from '../helpers/test-server';

let stack: ChannelStack;
let ada: TestUser;
let adaToken: string;
let ben: TestUser;
let benToken: string;
let otherToken: string;
let phone = 15558880000;
const sockets = new Map<string, Socket>();

/** Signs the user in on a socket, recording its `conversation` events; resolves once the server counts it online. */
async function goOnline(user: TestUser, token: string) {
  const recorder = await recordEvents(stack.server, token, ['conversation'], []);
  sockets.set(user.id, recorder.socket);
  return recorder;
}

function goOffline(user: TestUser) {
  sockets.get(user.id)?.close();
  sockets.delete(user.id);
}

/** Waits until the staff list (the owner's view of presence) shows exactly these members online. */
async function onlineAre(ids: string[]) {
  await waitFor(
    async () => {
      const answer = await stack.api('GET', '/api/account/users?limit=100');
      const online = (answer.body.list as Array<{ id: string; online: boolean }>)
        .filter((u) => u.online)
        .map((u) => u.id);
      return JSON.stringify(online.sort()) === JSON.stringify([...ids].sort()) || undefined;
    },
    `online: ${ids.join(', ')}`,
    15_000,
  );
}

/** A new customer writes; the assignee id of the conversation that created (null: unassigned). */
async function newCustomerWrites(): Promise<{ conversationId: string; assigneeId: string | null }> {
  phone += 1;
  const { conversationId } = await stack.customerWrites(String(phone), `Hello from ${phone}`);
  const detail = await stack.api('GET', `/api/conversations/${conversationId}`);
  return { conversationId, assigneeId: detail.body.assignee?.id ?? null };
}

const setRoundRobin = (roundRobin: unknown, token?: string) =>
  stack.api('PUT', '/api/account/round-robin', { roundRobin }, token);

beforeAll(async () => {
  stack = await startChannelStack();
  ({ token: adaToken, ...ada } = await stack.server.signedInAgent({
    accountId: stack.owner.accountId,
    fullName: 'Ada Agent',
  }));
  ({ token: benToken, ...ben } = await stack.server.signedInAgent({
    accountId: stack.owner.accountId,
    fullName: 'Ben Agent',
  }));
  otherToken = (await stack.server.signedInOwner({ fullName: 'Other Owner' })).token;
});
afterAll(async () => {
  for (const socket of sockets.values()) socket.close();
  await stack?.close();
});

describe('round robin', () => {
  it('is off by default: a new conversation stays unassigned even with staff online', async () => {
    expect(await stack.api('GET', '/api/account/round-robin')).toEqual({ status: 200, body: { roundRobin: false } });
    await goOnline(ada, adaToken);
    await onlineAre([ada.id]);
    expect((await newCustomerWrites()).assigneeId).toBeNull();
  });

  it('lets only owners read and change it; another account keeps its own', async () => {
    for (const value of [true, false]) {
      const refused = await setRoundRobin(value, adaToken);
      expect(refused.status).toBe(403);
    }
    expect((await stack.api('GET', '/api/account/round-robin', undefined, adaToken)).status).toBe(403);
    expect((await setRoundRobin('yes')).status).toBe(400);
    expect((await stack.api('PUT', '/api/account/round-robin', {})).status).toBe(400);
    expect((await stack.api('GET', '/api/account/round-robin')).body).toEqual({ roundRobin: false });

    expect(await setRoundRobin(true)).toEqual({ status: 200, body: { roundRobin: true } });
    expect((await stack.api('GET', '/api/account/round-robin')).body).toEqual({ roundRobin: true });
    expect((await stack.api('GET', '/api/account/round-robin', undefined, otherToken)).body).toEqual({
      roundRobin: false,
    });
    expect(await setRoundRobin(true, otherToken)).toEqual({ status: 200, body: { roundRobin: true } });
    expect(await setRoundRobin(false, otherToken)).toEqual({ status: 200, body: { roundRobin: false } });
    expect((await stack.api('GET', '/api/account/round-robin')).body).toEqual({ roundRobin: true });
  });

  it('alternates new conversations between the two staff members online, and announces each live', async () => {
    expect((await setRoundRobin(true)).status).toBe(200);
    const benLive = await goOnline(ben, benToken);
    await onlineAre([ada.id, ben.id]);
    const picks: Array<string | null> = [];
    const conversations: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { conversationId, assigneeId } = await newCustomerWrites();
      picks.push(assigneeId);
      conversations.push(conversationId);
    }
    expect(picks.filter((id) => id === ada.id)).toHaveLength(2);
    expect(picks.filter((id) => id === ben.id)).toHaveLength(2);
    for (let i = 1; i < picks.length; i += 1) expect(picks[i]).not.toBe(picks[i - 1]);

    // Ben hears his new conversations with himself as assignee, like a manual assignment, and finds them in Mine.
    const bens = conversations.filter((_, i) => picks[i] === ben.id);
    for (const id of bens) {
      await benLive.waitFor(
        'conversation',
        (e) => e.conversation?.id === id && e.conversation.assignee?.id === ben.id,
        `the conversation event of ${id} for Ben`,
      );
    }
    const mine = await stack.api('GET', '/api/conversations?assignee=me&limit=100', undefined, benToken);
    expect((mine.body.list as Array<{ id: string }>).map((c) => c.id)).toEqual(expect.arrayContaining(bens));
  });

  it('keeps an existing conversation as it is when its customer writes again', async () => {
    const first = await newCustomerWrites();
    expect(first.assigneeId).not.toBeNull();
    await stack.api('PUT', `/api/conversations/${first.conversationId}/assignee`, { userId: null });
    await stack.customerWrites(String(phone), 'Me again');
    expect((await stack.api('GET', `/api/conversations/${first.conversationId}`)).body.assignee).toBeNull();
  });

  it('skips a member who went offline', async () => {
    goOffline(ben);
    await onlineAre([ada.id]);
    expect((await newCustomerWrites()).assigneeId).toBe(ada.id);
    expect((await newCustomerWrites()).assigneeId).toBe(ada.id);
  });

  it('skips a suspended member', async () => {
    await goOnline(ben, benToken);
    await onlineAre([ada.id, ben.id]);
    expect((await stack.api('PUT', `/api/account/users/${ben.id}/status`, { status: 'hold' })).status).toBe(200);
    sockets.delete(ben.id);
    for (let i = 0; i < 2; i += 1) expect((await newCustomerWrites()).assigneeId).toBe(ada.id);
  });

  it('leaves a new conversation unassigned when nobody is online', async () => {
    goOffline(ada);
    await onlineAre([]);
    expect((await newCustomerWrites()).assigneeId).toBeNull();
  });
});
