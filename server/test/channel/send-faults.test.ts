/**
 * Sends under WhatsApp's failures, driven by the sandbox's fault switches: every case ends either sent once
 * (retried) or as a visible failure — never a silent loss, never a duplicate (counted in the sandbox).
 */
import { eq } from 'drizzle-orm';
import { inboundWebhook } from '../fixtures/whatsapp';
import { SEND_MESSAGE_JOB } from '../../src/modules/conversations/job-kinds';
import { messages } from '../../src/modules/conversations/schema';
import { channelTiming } from '../../src/modules/conversations/timing';
import { jobs } from '../../src/jobs/schema';
import { nowSeconds, startChannelStack, storedMessages, waitFor, type ChannelStack } from './channel-helpers';

let stack: ChannelStack;
let counter = 0;
const savedTiming = { ...channelTiming, sendBackoff: { ...channelTiming.sendBackoff } };

async function newCustomer() {
  counter += 1;
  const phone = `1777${String(Date.now()).slice(-6)}${String(counter).padStart(3, '0')}`;
  const wamid = `wamid.fault-${phone}`;
  await stack.postWebhook(inboundWebhook('text', { from: phone, wamid, timestamp: nowSeconds() }));
  const [row] = await storedMessages(stack, { wamid });
  return { phone, conversationId: row.conversationId };
}

const messageRow = async (id: string) => (await stack.server.db.select().from(messages).where(eq(messages.id, id)))[0];
const settled = (
  id: string,
  done: (row: Awaited<ReturnType<typeof messageRow>>) => boolean,
  what: string,
  timeoutMs = 10_000,
) =>
  waitFor(
    async () => {
      const row = await messageRow(id);
      return done(row) ? row : undefined;
    },
    what,
    timeoutMs,
  );
const sendRequests = async () => (await stack.control('GET', '/counters')).sendRequests as number;
const outboundTo = (phone: string) => stack.control<any[]>('GET', `/outbound?to=${phone}`);
const fault = (code: number | string, phone: string, count = 1) =>
  stack.control('POST', '/faults', { code, recipient: phone, count });
const send = async (conversationId: string, text: string) => {
  const answer = await stack.api('POST', `/api/conversations/${conversationId}`, { text });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  stack = await startChannelStack();
  // Fast retries so the bounded backoff fits in a test.
  channelTiming.sendBackoff = { baseMs: 50, maxMs: 200 };
});
afterAll(async () => {
  Object.assign(channelTiming, savedTiming);
  await stack?.close();
});
afterEach(async () => {
  await stack.control('DELETE', '/faults');
});

describe('permanent failures land on the message with Meta’s code', () => {
  it.each([
    [131047, 'outside the 24-hour window'],
    [131026, 'undeliverable'],
  ])('%s (%s): accepted, then a failed status', async (code) => {
    const { phone, conversationId } = await newCustomer();
    await fault(code, phone);
    const id = await send(conversationId, `fault ${code}`);
    const row = await settled(id, (r) => r.status === 'failed', 'the failed status');
    expect(row.errorCode).toBe(String(code));
    expect(row.errorTitle).toBeTruthy();
    const view = (await stack.api('GET', `/api/conversations/${conversationId}`)).body.messages.find(
      (m: any) => m.id === id,
    );
    expect(view.error).toEqual({ code, title: row.errorTitle, details: expect.any(String) });
    expect(await outboundTo(phone)).toHaveLength(1);
  });
});

describe('rate limits are retried with backoff and sent once', () => {
  it.each([
    [130429, 2],
    [131056, 1],
    ['http429', 1],
  ])('%s ×%s', async (code, count) => {
    const { phone, conversationId } = await newCustomer();
    await fault(code, phone, count);
    const before = await sendRequests();
    const id = await send(conversationId, `rate limited ${code}`);
    const row = await settled(id, (r) => r.status === 'read', 'the retried send to be read');
    expect(row.errorCode).toBeNull();
    expect((await sendRequests()) - before).toBe(count + 1);
    const outbound = await outboundTo(phone);
    expect(outbound).toHaveLength(1);
    expect(outbound[0].wamid).toBe(row.wamid);
  });

  it('gives up after the attempt limit with Meta’s code on the message', async () => {
    const { phone, conversationId } = await newCustomer();
    await stack.control('POST', '/faults', { code: 130429, recipient: phone });
    const before = await sendRequests();
    const id = await send(conversationId, 'never gets through');
    const row = await settled(id, (r) => r.status === 'failed', 'giving up', 15_000);
    expect(row.errorCode).toBe('130429');
    expect((await sendRequests()) - before).toBe(channelTiming.sendMaxAttempts);
    expect(await outboundTo(phone)).toHaveLength(0);
  });
});

describe('ambiguous failures are not re-sent automatically', () => {
  it('HTTP 500: failed with a reason; an explicit retry sends it once', async () => {
    const { phone, conversationId } = await newCustomer();
    await fault('http500', phone);
    const before = await sendRequests();
    const id = await send(conversationId, 'server error');
    const failed = await settled(id, (r) => r.status === 'failed', 'the failure');
    expect(failed.errorCode).toBe('131000');
    expect(failed.errorTitle).toMatch(/unknown whether WhatsApp received/);
    await pause(500);
    expect((await sendRequests()) - before).toBe(1);
    expect((await messageRow(id)).status).toBe('failed');

    const retried = await stack.api('POST', `/api/conversations/${conversationId}/messages/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'pending', error: null });
    const read = await settled(id, (r) => r.status === 'read', 'the retried message to be read');
    expect(read.errorCode).toBeNull();
    expect(await outboundTo(phone)).toHaveLength(1);
  });

  it('time-out: failed as unknown outcome, never re-sent by itself', async () => {
    const { phone, conversationId } = await newCustomer();
    await fault('timeout', phone);
    channelTiming.graphTimeoutMs = 400;
    try {
      const before = await sendRequests();
      const id = await send(conversationId, 'slow answer');
      const failed = await settled(id, (r) => r.status === 'failed', 'the time-out');
      expect(failed.errorCode).toBe('timeout');
      expect(failed.wamid).toBeNull();
      // WhatsApp did take it (the answer was lost): the customer has it once, and we do not send it again.
      await pause(800);
      expect((await sendRequests()) - before).toBe(1);
      expect(await outboundTo(phone)).toHaveLength(1);
      expect((await messageRow(id)).status).toBe('failed');
    } finally {
      channelTiming.graphTimeoutMs = savedTiming.graphTimeoutMs;
    }
  });
});

describe('crash recovery', () => {
  const pendingMessage = async (conversationId: string, values: Partial<typeof messages.$inferInsert> = {}) => {
    const [row] = await stack.server.db
      .insert(messages)
      .values({
        accountId: stack.owner.accountId,
        conversationId,
        type: 'text',
        direction: 'outgoing',
        content: { text: 'left behind' },
        status: 'pending',
        ...values,
      })
      .returning();
    return row;
  };

  /** A dead process's claim on sending `messageId`: attempted once, leased until `lockedUntil`; its job id. */
  const deadWorkerClaim = async (messageId: string, conversationId: string, lockedUntil: Date) => {
    const [job] = await stack.server.db
      .insert(jobs)
      .values({
        kind: SEND_MESSAGE_JOB,
        payload: { messageId },
        groupKey: `conversation:${conversationId}`,
        attempts: 1,
        maxAttempts: 6,
        lockedBy: 'dead-worker',
        lockedUntil,
      })
      .returning({ id: jobs.id });
    return job;
  };

  it('a send that was under way when its process died becomes failed (interrupted), not sent again', async () => {
    const { phone, conversationId } = await newCustomer();
    const row = await pendingMessage(conversationId, { sendingAt: new Date(Date.now() - 120_000) });
    // The dead process's claim, its lease long expired.
    await deadWorkerClaim(row.id, conversationId, new Date(Date.now() - 60_000));
    stack.server.server.jobs.poke();
    const failed = await settled(row.id, (r) => r.status === 'failed', 'the interrupted send to fail');
    expect(failed.errorCode).toBe('interrupted');
    expect(await outboundTo(phone)).toHaveLength(0);
  });

  it('a claimed send whose Graph call had not started is taken over after the lease and sent once', async () => {
    const { phone, conversationId } = await newCustomer();
    const row = await pendingMessage(conversationId);
    const job = await deadWorkerClaim(row.id, conversationId, new Date(Date.now() + 60_000));
    stack.server.server.jobs.poke();
    await pause(300);
    // Still leased by the dead worker: nobody touches it yet.
    expect((await messageRow(row.id)).status).toBe('pending');
    // The lease runs out (moved into the past rather than waited for), and the next look takes the job over.
    await stack.server.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, job.id));
    stack.server.server.jobs.poke();
    const sent = await settled(row.id, (r) => r.status === 'read', 'the taken-over send');
    expect(sent.wamid).toBeTruthy();
    expect(await outboundTo(phone)).toHaveLength(1);
  });

  it('keeps the order of a conversation’s messages: a later one waits for an earlier one’s retries', async () => {
    const { phone, conversationId } = await newCustomer();
    await fault(130429, phone, 2);
    const first = await send(conversationId, 'first');
    const second = await send(conversationId, 'second');
    await settled(second, (r) => r.status === 'read', 'the second message');
    await settled(first, (r) => r.status === 'read', 'the first message');
    expect((await outboundTo(phone)).map((m) => m.payload.text.body)).toEqual(['first', 'second']);
  });
});
