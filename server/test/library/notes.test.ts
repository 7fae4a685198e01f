/**
 * Private notes (issue #21): any staff member writes notes in a conversation; they are never sent to WhatsApp and
 * never change the conversation (order, unread counts, last message, window, status). `@name` mentions reach the
 * mentioned staff member only; every note added or deleted reaches the account's staff. Another account's ids are
 * 404s.
 */
import type { Socket } from 'socket.io-client';
import { recordEvents, startChannelStack, type ChannelStack } from '../channel/channel-helpers';
import type { TestUser } from '../helpers/test-server';

let stack: ChannelStack;
let adam: TestUser;
let adamToken: string;
let beaToken: string;
let otherToken: string;
let otherOwner: TestUser;
const sockets: Socket[] = [];

const EVENTS = ['note', 'mention', 'conversation', 'message'];

/** Records one connection's events, once it counts as online. */
const listen = (token: string) => recordEvents(stack.server, token, EVENTS, sockets);

beforeAll(async () => {
  stack = await startChannelStack();
  ({ token: adamToken, ...adam } = await stack.server.signedInAgent({
    accountId: stack.owner.accountId,
    fullName: 'Adam Agent',
  }));
  beaToken = (await stack.server.signedInAgent({ accountId: stack.owner.accountId, fullName: 'Bea Agent' })).token;
  ({ token: otherToken, ...otherOwner } = await stack.server.signedInOwner({ fullName: 'Other Owner' }));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.close();
});

const notesOf = (conversationId: string) => `/api/conversations/${conversationId}/notes`;

describe('private notes API', () => {
  it('lets any staff member write and read notes, oldest first, with their author and mentions', async () => {
    const { conversationId } = await stack.customerWrites('15557770001', 'Where is my order?', 'Maria Silva');
    const first = await stack.api('POST', notesOf(conversationId), { text: '  Ask @adam about the refund  ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      conversationId,
      author: { id: stack.owner.id, fullName: stack.owner.fullName },
      text: 'Ask @adam about the refund',
      mentions: [{ id: adam.id, fullName: 'Adam Agent' }],
      createdAt: expect.any(String),
    });
    const second = await stack.api('POST', notesOf(conversationId), { text: 'On it', mentions: [] }, adamToken);
    expect(second.status).toBe(201);
    expect(second.body.mentions).toEqual([]);

    for (const token of [undefined, adamToken, beaToken]) {
      const listed = await stack.api('GET', notesOf(conversationId), undefined, token);
      expect(listed.status).toBe(200);
      expect(listed.body.list).toEqual([first.body, second.body]);
      // Whom a note can mention, by name.
      expect(listed.body.staff.map((s: any) => s.fullName)).toEqual(
        ['Adam Agent', 'Bea Agent', stack.owner.fullName].sort(),
      );
    }
  });

  it('takes the mentions the browser picked when they are active staff of the account, and refuses others', async () => {
    const { conversationId } = await stack.customerWrites('15557770002', 'Hello');
    const stranger = otherOwner.id;

    const picked = await stack.api('POST', notesOf(conversationId), { text: 'See this', mentions: [adam.id] });
    expect(picked.status).toBe(201);
    expect(picked.body.mentions).toEqual([{ id: adam.id, fullName: 'Adam Agent' }]);
    // Named in the text and picked too: once.
    const both = await stack.api('POST', notesOf(conversationId), { text: '@Adam Agent see', mentions: [adam.id] });
    expect(both.body.mentions.map((m: any) => m.id)).toEqual([adam.id]);

    for (const mentions of [[stranger], ['not-a-uuid'], ['00000000-0000-0000-0000-000000000000']]) {
      const refused = await stack.api('POST', notesOf(conversationId), { text: 'Hi', mentions });
      expect({ mentions, status: refused.status }).toEqual({ mentions, status: 400 });
      expect(refused.body.message).toBe('Mentions must be active staff members of the account');
    }
    const bad: Array<[unknown, RegExp]> = [
      [{}, /Text/],
      [{ text: '   ' }, /Text is required/],
      [{ text: 'x'.repeat(4097) }, /Text is longer than 4096 characters/],
    ];
    for (const [body, message] of bad) {
      const refused = await stack.api('POST', notesOf(conversationId), body);
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
      expect(refused.body.message).toMatch(message);
    }
    expect((await stack.api('POST', notesOf(conversationId), { text: 'x'.repeat(4096) })).status).toBe(201);
    expect((await stack.api('GET', notesOf(conversationId))).body.list).toHaveLength(3);
  });

  it('lets the author or an owner delete a note, not another agent', async () => {
    const { conversationId } = await stack.customerWrites('15557770003', 'Hi');
    const byAdam = (await stack.api('POST', notesOf(conversationId), { text: 'Mine' }, adamToken)).body;
    const byAdam2 = (await stack.api('POST', notesOf(conversationId), { text: 'Mine too' }, adamToken)).body;
    const byOwner = (await stack.api('POST', notesOf(conversationId), { text: "The owner's" })).body;

    const refused = await stack.api('DELETE', `${notesOf(conversationId)}/${byAdam.id}`, undefined, beaToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only its author or an owner can delete a note');
    expect((await stack.api('DELETE', `${notesOf(conversationId)}/${byOwner.id}`, undefined, adamToken)).status).toBe(
      403,
    );

    expect((await stack.api('DELETE', `${notesOf(conversationId)}/${byAdam.id}`, undefined, adamToken)).body).toEqual({
      ok: true,
    });
    expect((await stack.api('DELETE', `${notesOf(conversationId)}/${byAdam2.id}`)).status).toBe(200);
    expect((await stack.api('DELETE', `${notesOf(conversationId)}/${byAdam2.id}`)).status).toBe(404);
    expect((await stack.api('GET', notesOf(conversationId))).body.list.map((n: any) => n.id)).toEqual([byOwner.id]);
  });

  it("refuses another account's conversations and notes with a 404 and changes nothing", async () => {
    const { conversationId } = await stack.customerWrites('15557770004', 'Hi');
    const { conversationId: elsewhere } = await stack.customerWrites('15557770005', 'Hi');
    const note = (await stack.api('POST', notesOf(conversationId), { text: 'Secret' })).body;
    const cases: Array<[string, string, unknown, string | undefined]> = [
      ['GET', notesOf(conversationId), undefined, otherToken],
      ['POST', notesOf(conversationId), { text: 'Intruder' }, otherToken],
      ['DELETE', `${notesOf(conversationId)}/${note.id}`, undefined, otherToken],
      // The note of another conversation, or no note at all.
      ['DELETE', `${notesOf(elsewhere)}/${note.id}`, undefined, undefined],
      ['DELETE', `${notesOf(conversationId)}/not-a-uuid`, undefined, undefined],
      ['GET', notesOf('not-a-uuid'), undefined, undefined],
    ];
    for (const [method, path, body, token] of cases) {
      const answer = await stack.api(method, path, body, token);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
    }
    expect((await stack.api('GET', notesOf(conversationId))).body.list).toEqual([note]);
  });

  it('never sends a note, nor changes the order, unread counts, last message, window or status', async () => {
    const { conversationId: older } = await stack.customerWrites('15557770006', 'First customer');
    const { conversationId: newer } = await stack.customerWrites('15557770007', 'Second customer');
    expect((await stack.api('PUT', `/api/conversations/${older}/status`, { status: 'closed' })).status).toBe(200);

    const snapshot = async () => {
      const [active, closed, summary, detailOlder, detailNewer] = await Promise.all([
        stack.api('GET', '/api/conversations?status=active', undefined, adamToken),
        stack.api('GET', '/api/conversations?status=closed', undefined, adamToken),
        stack.api('GET', '/api/conversations/summary', undefined, adamToken),
        stack.api('GET', `/api/conversations/${older}`, undefined, adamToken),
        stack.api('GET', `/api/conversations/${newer}`, undefined, adamToken),
      ]);
      return {
        active: active.body.list,
        closed: closed.body.list,
        summary: summary.body,
        detailOlder: detailOlder.body,
        detailNewer: detailNewer.body,
      };
    };
    const before = await snapshot();
    expect(before.closed.map((c: any) => c.id)).toContain(older);
    const sendsBefore = { ...stack.sandbox.state.counters };

    for (const conversationId of [older, newer, older]) {
      expect((await stack.api('POST', notesOf(conversationId), { text: 'Note to @Adam' })).status).toBe(201);
    }
    expect(await snapshot()).toEqual(before);
    expect(stack.sandbox.state.counters.sendRequests).toBe(sendsBefore.sendRequests);
    expect(stack.sandbox.state.counters.outboundMessages).toBe(sendsBefore.outboundMessages);
  });

  it('tells the staff live about notes added and deleted, and only the mentioned member about a mention', async () => {
    // The staff connect, then the customer writes. Their message's last event is its conversation's, sent in the
    // announcer's next round (up to 150 ms later, more on a busy machine): once every member has it, every event
    // below comes from the notes. (Connecting after the customer wrote raced that round.)
    const owner = await listen(stack.token);
    const adamLive = await listen(adamToken);
    const beaLive = await listen(beaToken);
    const stranger = await listen(otherToken);
    const { conversationId } = await stack.customerWrites('15557770008', 'Live', 'Maria Silva');
    for (const recorder of [owner, adamLive, beaLive])
      await recorder.waitFor('conversation', (p) => p.conversation.id === conversationId, "the customer's message");
    const baseline = (recorder: { events: unknown[] }) => recorder.events.length;
    const counts = [baseline(owner), baseline(adamLive), baseline(beaLive)];

    const added = (await stack.api('POST', notesOf(conversationId), { text: '@Adam Agent can you call Maria?' })).body;
    for (const recorder of [owner, adamLive, beaLive]) {
      const event = await recorder.waitFor('note', (p) => p.kind === 'added' && p.note.id === added.id, 'the note');
      expect(event).toEqual({ kind: 'added', note: added });
    }
    const mention = await adamLive.waitFor('mention', (p) => p.note.id === added.id, 'the mention');
    expect(mention).toEqual({ note: added, contactName: 'Maria Silva' });

    expect((await stack.api('DELETE', `${notesOf(conversationId)}/${added.id}`)).status).toBe(200);
    for (const recorder of [owner, adamLive, beaLive]) {
      await recorder.waitFor('note', (p) => p.kind === 'deleted' && p.noteId === added.id, 'the deletion');
    }
    const since = (recorder: { events: Array<{ name: string }> }, from: number) =>
      recorder.events.slice(from).map((event) => event.name);
    expect(since(owner, counts[0])).toEqual(['note', 'note']);
    expect(since(adamLive, counts[1])).toEqual(['note', 'mention', 'note']);
    expect(since(beaLive, counts[2])).toEqual(['note', 'note']);
    expect(stranger.events).toEqual([]);
  });
});
