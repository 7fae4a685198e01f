/**
 * Labels (issue #21): owners define labels (name + colour), any staff member puts them on conversations and
 * filters the list by one; conversations answer with their labels; every change reaches the other staff members
 * over the socket. Another account's labels and conversations are 404s and never change.
 */
import type { Socket } from 'socket.io-client';
import { recordEvents, startChannelStack, type ChannelStack } from '../channel/channel-helpers';

let stack: ChannelStack;
let agentToken: string;
let otherToken: string;
const sockets: Socket[] = [];
const url = '/api/account/labels';

/** Records one connection's `conversation` and `labels` events, once it counts as online. */
const listen = (token: string) => recordEvents(stack.server, token, ['conversation', 'labels'], sockets);

beforeAll(async () => {
  stack = await startChannelStack();
  const agent = await stack.server.signedInAgent({ accountId: stack.owner.accountId });
  agentToken = agent.token;
  const other = await stack.server.signedInOwner({ fullName: 'Other Owner' });
  otherToken = other.token;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.close();
});

const create = (body: unknown, token?: string) => stack.api('POST', url, body, token);
const listAs = async (token?: string) => {
  const answer = await stack.api('GET', url, undefined, token);
  expect(answer.status).toBe(200);
  return answer.body.list as Array<{ id: string; name: string; colour: string }>;
};
const labelNames = (conversation: { labels: Array<{ name: string }> }) => conversation.labels.map((l) => l.name);

describe('labels API', () => {
  it('lets the owner add labels that every staff member of the account sees, by name', async () => {
    const vip = await create({ name: ' VIP ', colour: 'gold' });
    expect(vip.status).toBe(201);
    expect(vip.body).toEqual({ id: expect.any(String), name: 'VIP', colour: 'gold' });
    const billing = await create({ name: 'billing', colour: '#1A2B3C' });
    expect(billing.status).toBe(201);
    expect(billing.body.colour).toBe('#1a2b3c');

    for (const token of [undefined, agentToken]) {
      expect((await listAs(token)).map((l) => [l.name, l.colour])).toEqual([
        ['billing', '#1a2b3c'],
        ['VIP', 'gold'],
      ]);
    }
    expect(await listAs(otherToken)).toEqual([]);
  });

  it('refuses bad names and colours, and a name the account has in any case (409)', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ colour: 'gold' }, /Name/],
      [{ name: '   ', colour: 'gold' }, /Name is required/],
      [{ name: 'x'.repeat(41), colour: 'gold' }, /Name is at most 40 characters/],
      [{ name: 'Ok' }, /Colour/],
      [{ name: 'Ok', colour: 'chartreuse' }, /Colour must be one of/],
      [{ name: 'Ok', colour: '#12345' }, /Colour must be one of/],
      [{ name: 'Ok', colour: 'url(javascript:x)' }, /Colour must be one of/],
    ];
    for (const [body, message] of cases) {
      const answer = await create(body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.message).toMatch(message);
    }
    const duplicate = await create({ name: 'vip', colour: 'red' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A label with this name already exists');
    // Another account may use the same name.
    expect((await create({ name: 'VIP', colour: 'red' }, otherToken)).status).toBe(201);
  });

  it('lets only owners add, change and delete labels', async () => {
    const [vip] = (await listAs()).filter((l) => l.name === 'VIP');
    expect((await create({ name: 'Agent made', colour: 'red' }, agentToken)).status).toBe(403);
    expect((await stack.api('PUT', `${url}/${vip.id}`, { name: 'X', colour: 'red' }, agentToken)).status).toBe(403);
    expect((await stack.api('DELETE', `${url}/${vip.id}`, undefined, agentToken)).status).toBe(403);
    // Another account's owner: a 404, as for a label that does not exist.
    expect((await stack.api('PUT', `${url}/${vip.id}`, { name: 'X', colour: 'red' }, otherToken)).status).toBe(404);
    expect((await stack.api('DELETE', `${url}/${vip.id}`, undefined, otherToken)).status).toBe(404);
    expect((await listAs()).find((l) => l.id === vip.id)).toEqual(vip);
  });

  it('puts labels on conversations and takes them off; the list answers with them and filters by one', async () => {
    const labels = await listAs();
    const vip = labels.find((l) => l.name === 'VIP')!;
    const billing = labels.find((l) => l.name === 'billing')!;
    const { conversationId: first } = await stack.customerWrites('15558880001', 'Hello, I am important');
    const { conversationId: second } = await stack.customerWrites('15558880002', 'Question about my bill');

    const put = await stack.api('PUT', `/api/conversations/${first}/labels/${vip.id}`, undefined, agentToken);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: first, labels: [vip], unreadCount: expect.any(Number) });
    // Idempotent.
    expect((await stack.api('PUT', `/api/conversations/${first}/labels/${vip.id}`)).body.labels).toEqual([vip]);
    await stack.api('PUT', `/api/conversations/${first}/labels/${billing.id}`);
    await stack.api('PUT', `/api/conversations/${second}/labels/${billing.id}`);

    const detail = await stack.api('GET', `/api/conversations/${first}`, undefined, agentToken);
    expect(detail.body.labels).toEqual([billing, vip]);

    const all = await stack.api('GET', '/api/conversations');
    const byId = new Map((all.body.list as any[]).map((c) => [c.id, c]));
    expect(labelNames(byId.get(first))).toEqual(['billing', 'VIP']);
    expect(labelNames(byId.get(second))).toEqual(['billing']);

    const onlyVip = await stack.api('GET', `/api/conversations?label=${vip.id}`, undefined, agentToken);
    expect(onlyVip.status).toBe(200);
    expect((onlyVip.body.list as any[]).map((c) => c.id)).toEqual([first]);
    const withBilling = await stack.api('GET', `/api/conversations?label=${billing.id}`);
    expect((withBilling.body.list as any[]).map((c) => c.id).sort()).toEqual([first, second].sort());
    for (const unknown of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const none = await stack.api('GET', `/api/conversations?label=${unknown}`);
      expect(none.status).toBe(200);
      expect(none.body.list).toEqual([]);
    }

    const off = await stack.api('DELETE', `/api/conversations/${first}/labels/${billing.id}`, undefined, agentToken);
    expect(off.status).toBe(200);
    expect(off.body.labels).toEqual([vip]);
    expect((await stack.api('DELETE', `/api/conversations/${first}/labels/${billing.id}`)).body.labels).toEqual([vip]);
  });

  it("refuses another account's conversation or label with a 404 and changes nothing", async () => {
    const vip = (await listAs()).find((l) => l.name === 'VIP')!;
    const [otherLabel] = await listAs(otherToken);
    const { conversationId } = await stack.customerWrites('15558880003', 'Hi there');
    const cases: Array<[string, string, string | undefined]> = [
      ['PUT', `/api/conversations/${conversationId}/labels/${vip.id}`, otherToken],
      ['DELETE', `/api/conversations/${conversationId}/labels/${vip.id}`, otherToken],
      ['PUT', `/api/conversations/${conversationId}/labels/${otherLabel.id}`, undefined],
      ['PUT', `/api/conversations/${conversationId}/labels/not-a-uuid`, undefined],
      ['PUT', `/api/conversations/not-a-uuid/labels/${vip.id}`, undefined],
    ];
    for (const [method, path, token] of cases) {
      expect({ path, status: (await stack.api(method, path, undefined, token)).status }).toEqual({ path, status: 404 });
    }
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.labels).toEqual([]);
  });

  it('tells every staff member live: the conversation with its labels, and the label list after a change', async () => {
    const agent = await listen(agentToken);
    const stranger = await listen(otherToken);
    const { conversationId } = await stack.customerWrites('15558880004', 'Label me live');
    const urgent = (await create({ name: 'Urgent', colour: 'red' })).body;

    const listed = await agent.waitFor('labels', (p) => p.list.some((l: any) => l.id === urgent.id), 'the new label');
    expect(listed.list.map((l: any) => l.name)).toEqual(['billing', 'Urgent', 'VIP']);

    await stack.api('PUT', `/api/conversations/${conversationId}/labels/${urgent.id}`);
    const tagged = await agent.waitFor(
      'conversation',
      (p) => p.conversation.id === conversationId && p.conversation.labels.length === 1,
      'the labelled conversation',
    );
    expect(tagged.conversation.labels).toEqual([urgent]);
    expect(tagged.conversation.unreadCount).toBe(1);

    await stack.api('PUT', `${url}/${urgent.id}`, { name: 'Very urgent', colour: '#ff0000' });
    await agent.waitFor('labels', (p) => p.list.some((l: any) => l.name === 'Very urgent'), 'the renamed label');
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.labels).toEqual([
      { id: urgent.id, name: 'Very urgent', colour: '#ff0000' },
    ]);

    // Deleting a label takes it off its conversations.
    expect((await stack.api('DELETE', `${url}/${urgent.id}`)).status).toBe(200);
    await agent.waitFor('labels', (p) => !p.list.some((l: any) => l.id === urgent.id), 'the list without it');
    expect((await stack.api('GET', `/api/conversations/${conversationId}`)).body.labels).toEqual([]);
    expect((await stack.api('GET', `/api/conversations?label=${urgent.id}`)).body.list).toEqual([]);

    expect(stranger.events).toEqual([]);
  });
});
