/**
 * Issue 14, item 6: Meta refuses the account's token (190, 102, subcodes 463/464). The connection becomes
 * disconnected (GET /api/account/connection and the socket event `connection`), sends are held — pending, never
 * failed or lost — and a reconnect with a new token sends them, in order, once each; incoming files wait too.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { connected, openSocket } from '../helpers/socket';
import { jobs } from '../../src/jobs/schema';
import { MEDIA_DOWNLOAD_JOB, SEND_MESSAGE_JOB } from '../../src/modules/conversations/job-kinds';
import { messages } from '../../src/modules/conversations/schema';
import { SEEDED, startChannelStack, waitFor, type ChannelStack } from './channel-helpers';

let stack: ChannelStack;
let socket: Socket;
const connectionEvents: any[] = [];

beforeAll(async () => {
  stack = await startChannelStack();
  socket = openSocket(stack.server.url, stack.token, { reconnection: true });
  socket.on('connection', (event: unknown) => connectionEvents.push(event));
  await connected(socket, 'connect');
});
afterAll(async () => {
  socket?.close();
  await stack?.close();
});

const messageRow = async (id: string) => (await stack.server.db.select().from(messages).where(eq(messages.id, id)))[0];
const openJobs = async (kind: string) =>
  stack.server.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt)));
const openSendJobs = () => openJobs(SEND_MESSAGE_JOB);
const outboundTexts = async (phone: string) =>
  ((await stack.control<any[]>('GET', `/outbound?to=${phone}`)) ?? []).map((message) => message.payload.text.body);

it('answers the connection state to staff, and none for an account never connected', async () => {
  expect((await stack.api('GET', '/api/account/connection')).body).toEqual({ status: 'connected' });
  const agentToken = (await stack.server.signedInAgent({ accountId: stack.owner.accountId })).token;
  expect((await stack.api('GET', '/api/account/connection', undefined, agentToken)).body).toEqual({
    status: 'connected',
  });
  const otherToken = (await stack.server.signedInOwner()).token;
  expect((await stack.api('GET', '/api/account/connection', undefined, otherToken)).body).toEqual({ status: 'none' });
  expect((await stack.server.request('GET', '/api/account/connection')).status).toBe(401);
});

it('a refused token disconnects, holds the sends, and a reconnect sends them in order, once', async () => {
  const phone = '15557770101';
  const { conversationId } = await stack.customerWrites(phone, 'Hello, anyone there?');
  await stack.control('POST', `/tokens/${SEEDED.token}/expire`);

  const first = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'First answer' });
  expect(first.status).toBe(201);
  const disconnected = await waitFor(
    async () => connectionEvents.find((event) => event.status === 'disconnected'),
    'the connection event',
  );
  expect(disconnected.reason).toMatch(/190/);
  expect(disconnected.reason).toMatch(/463/);
  const state = (await stack.api('GET', '/api/account/connection')).body;
  expect(state).toEqual({ status: 'disconnected', reason: disconnected.reason });

  // Sending while disconnected is accepted and held too.
  const second = await stack.api('POST', `/api/conversations/${conversationId}`, { text: 'Second answer' });
  expect(second.status).toBe(201);
  await waitFor(async () => (await openSendJobs()).length === 0, 'the held sends to settle');
  for (const id of [first.body.id, second.body.id]) {
    const row = await messageRow(id);
    expect(row).toMatchObject({ status: 'pending', wamid: null, sendingAt: null, errorCode: null });
  }
  expect(await outboundTexts(phone)).toEqual([]);

  // A photo the customer sends meanwhile is stored; its file waits for the reconnect, not marked unavailable.
  const photo = stack.sandbox.inbound({ from: `+${phone}`, type: 'image', caption: 'meanwhile' } as never);
  const photoRow = await waitFor(async () => {
    const [row] = await stack.server.db.select().from(messages).where(eq(messages.wamid, photo.wamid));
    return row;
  }, 'the photo');
  await waitFor(async () => (await openJobs(MEDIA_DOWNLOAD_JOB)).length === 0, 'the held download to settle');
  const heldPhoto = await messageRow(photoRow.id);
  expect(heldPhoto.storageKey).toBeNull();
  expect(heldPhoto.content.mediaUnavailable).toBeUndefined();

  const renewed = await stack.control('POST', '/tokens', { token: 'EAAG-renewed-token' });
  const reconnect = await stack.api('POST', '/api/account/credentials', {
    wabaId: SEEDED.wabaId,
    phoneNumberId: SEEDED.phoneNumberId,
    token: renewed.token,
  });
  expect(reconnect.status).toBe(200);
  await waitFor(async () => connectionEvents.find((event) => event.status === 'connected'), 'the connected event');
  expect((await stack.api('GET', '/api/account/connection')).body).toEqual({ status: 'connected' });
  await waitFor(async () => (await outboundTexts(phone)).length === 2, 'both held messages sent');
  expect(await outboundTexts(phone)).toEqual(['First answer', 'Second answer']);
  await waitFor(async () => (await messageRow(photoRow.id)).storageKey, 'the held download after the reconnect');
  for (const id of [first.body.id, second.body.id]) {
    const row = await waitFor(async () => {
      const current = await messageRow(id);
      return current.wamid ? current : undefined;
    }, 'the wamid');
    expect(row.status).not.toBe('failed');
  }
});
