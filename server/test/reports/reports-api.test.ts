/**
 * GET /api/reports: figures of hand-built conversations, worked out by hand below, in New York time (UTC-5 in
 * November 2026, after the clocks went back on Nov 1).
 */
import { messages } from '../../src/modules/conversations/schema';
import { startTestServer, type TestServer, type TestUser } from '../helpers/test-server';
import { reportWrites, type ReportConversation } from './report-writes';

let server: TestServer;
let owner: TestUser;
let ownerToken: string;
let agentId: string;
let agentToken: string;
let otherOwnerToken: string;

/** New York wall time on a November 2026 day → the instant (EST, UTC-5). */
const ny = (day: number, time: string) => new Date(`2026-11-${String(day).padStart(2, '0')}T${time}:00-05:00`);

const writes = reportWrites(() => server, '1555000');
const { conversationOf, staffReplies, statusChange, report } = writes;
/** A customer's message, stored 2 s after WhatsApp's time. */
const customerWrites = (c: ReportConversation, at: Date) => writes.customerWrites(c, at, new Date(at.getTime() + 2000));
/** An echo WhatsApp reports delivered, stored 1 s after its time. */
const phoneAppReplies = (c: ReportConversation, at: Date) =>
  writes.phoneAppReplies(c, at, { status: 'delivered', createdAt: new Date(at.getTime() + 1000) });
const NEW_YORK_RANGE = 'from=2026-11-09&to=2026-11-10&timeZone=America/New_York';

beforeAll(async () => {
  server = await startTestServer();
  ({ token: ownerToken, ...owner } = await server.signedInOwner({ fullName: 'Olivia Owner' }));
  const agent = await server.createAgent({ accountId: owner.accountId, fullName: 'Adam Agent' });
  agentId = agent.id;
  agentToken = await server.login(agent.email, agent.password);
  const other = await server.signedInOwner({ fullName: 'Other Owner' });
  otherOwnerToken = other.token;

  // 1. Night: the customer writes at 22:50 and 23:10 on the 9th; Adam answers at 08:50 on the 10th (10 h) and
  //    closes at 09:00 (10 h 10 min after the first message).
  const night = await conversationOf(owner.accountId);
  await customerWrites(night, ny(9, '22:50'));
  await customerWrites(night, ny(9, '23:10'));
  await staffReplies(night, ny(10, '08:50'), agentId);
  await statusChange(night, 'closed', ny(10, '09:00'));

  // 2. Closed and reopened: 10:00 → Olivia at 10:03 (3 min), closed at 10:30 (30 min). The customer writes again
  //    at 14:00 (a new open period; the conversation reopens) → answered from the phone app at 14:04 (4 min).
  const reopened = await conversationOf(owner.accountId);
  await customerWrites(reopened, ny(9, '10:00'));
  await staffReplies(reopened, ny(9, '10:03'), owner.id);
  await statusChange(reopened, 'closed', ny(9, '10:30'));
  await statusChange(reopened, 'active', ny(9, '14:00'));
  await customerWrites(reopened, ny(9, '14:00'));
  await phoneAppReplies(reopened, ny(9, '14:04'));

  // 3. Unanswered on the 10th at 16:00 (a failed send reached nobody: not an answer, not a message sent).
  const unanswered = await conversationOf(owner.accountId);
  await customerWrites(unanswered, ny(10, '16:00'));
  await server.db.insert(messages).values({
    ...unanswered,
    type: 'text',
    direction: 'outgoing',
    content: { text: 'lost' },
    status: 'failed',
    sentByUserId: agentId,
    createdAt: ny(10, '16:01'),
  });

  // 4. Opened before the range (23:30 on the 8th in New York, already the 9th in UTC): its reply at 00:10 on the
  //    9th is a message sent in the range, and the customer's 00:20 message continues that open period.
  const before = await conversationOf(owner.accountId);
  await customerWrites(before, ny(8, '23:30'));
  await staffReplies(before, ny(9, '00:10'), agentId);
  await customerWrites(before, ny(9, '00:20'));

  // Another account, same days: none of it may show in Olivia's report.
  const foreign = await conversationOf(other.accountId);
  await customerWrites(foreign, ny(9, '12:00'));
  await customerWrites(foreign, ny(9, '12:01'));
  await staffReplies(foreign, ny(9, '12:02'), other.id);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /api/reports', () => {
  it('counts the days of the time zone and measures first responses and resolutions per open period', async () => {
    const answer = await report(ownerToken, NEW_YORK_RANGE);
    expect(answer.status).toBe(200);
    const body = answer.body;

    // Periods: night (9th), reopened ×2 (9th), unanswered (10th); the one opened on the 8th is not counted.
    // Incoming on the 9th: night 2 + reopened 2 + before's 00:20 = 5; on the 10th: unanswered = 1.
    // Outgoing on the 9th: Olivia 10:03, phone 14:04, Adam 00:10 = 3; on the 10th: Adam 08:50 (failed excluded).
    expect(body.days).toEqual([
      { day: '2026-11-09', conversationsStarted: 3, incoming: 5, outgoing: 3 },
      { day: '2026-11-10', conversationsStarted: 1, incoming: 1, outgoing: 1 },
    ]);
    expect(body.totals).toEqual({ conversationsStarted: 4, incoming: 6, outgoing: 4, unanswered: 1 });

    // First responses: 180 s, 240 s, 36 000 s. Median 240; p90 (linear) = 240 + 0.8 × (36 000 − 240) = 28 848.
    expect(body.firstResponse).toEqual({
      responded: 3,
      medianSeconds: 240,
      p90Seconds: 28_848,
      within5Minutes: 2 / 3,
      within1Hour: 2 / 3,
    });
    // Resolutions: 1 800 s and 36 600 s (the reopened period is still open). p90 = 1 800 + 0.9 × 34 800 = 33 120.
    expect(body.resolution).toEqual({ resolved: 2, medianSeconds: 19_200, p90Seconds: 33_120 });

    const buckets = Object.fromEntries(body.responseTimeBuckets.map((b: any) => [b.label, b.count]));
    expect(buckets).toEqual({
      'Under 1 min': 0,
      '1–5 min': 2,
      '5–15 min': 0,
      '15–60 min': 0,
      '1–4 h': 0,
      '4–24 h': 1,
      'Over 24 h': 0,
    });

    expect(body.agents).toEqual([
      { key: agentId, name: 'Adam Agent', firstResponses: 1, medianSeconds: 36_000, within5Minutes: 0 },
      { key: owner.id, name: 'Olivia Owner', firstResponses: 1, medianSeconds: 180, within5Minutes: 1 },
      { key: 'phone_app', name: 'Phone app', firstResponses: 1, medianSeconds: 240, within5Minutes: 1 },
    ]);
  });

  it('counts the same messages on other days in another time zone', async () => {
    // In UTC the night conversation's 22:50 and 23:10 (03:50Z, 04:10Z) and before's 23:30 (04:30Z) fall on the 10th
    // and 9th: from UTC's 10th only, incoming = night 2 + unanswered 1 (21:00Z) = 3.
    const answer = await report(ownerToken, 'from=2026-11-10&to=2026-11-10&timeZone=UTC');
    expect(answer.status).toBe(200);
    expect(answer.body.totals.incoming).toBe(3);
    expect(answer.body.days).toHaveLength(1);
  });

  it("shows an owner only their own account's conversations", async () => {
    const answer = await report(otherOwnerToken, NEW_YORK_RANGE);
    expect(answer.status).toBe(200);
    expect(answer.body.totals).toEqual({ conversationsStarted: 1, incoming: 2, outgoing: 1, unanswered: 0 });
    expect(answer.body.firstResponse.medianSeconds).toBe(120);
    expect(answer.body.agents.map((a: any) => a.name)).toEqual(['Other Owner']);
  });

  it('answers an agent 403', async () => {
    const answer = await report(agentToken, NEW_YORK_RANGE);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01&timeZone=UTC', 'From must be a date written YYYY-MM-DD'],
    ['from=2026-11-09&to=11/10/2026&timeZone=UTC', 'To must be a date written YYYY-MM-DD'],
    ['from=2026-11-10&to=2026-11-09&timeZone=UTC', 'To must not be before From'],
    ['from=2025-01-01&to=2026-01-02&timeZone=UTC', 'A report covers at most 366 days'],
    [
      'from=2026-11-09&to=2026-11-10&timeZone=Mars/Olympus',
      'Time zone must be an IANA time zone such as Europe/Berlin',
    ],
  ])('refuses %s with a message', async (query, message) => {
    const answer = await report(ownerToken, query);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('covers the last 7 days in UTC when no range is given', async () => {
    const answer = await report(ownerToken, '');
    expect(answer.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(answer.body).toMatchObject({ from: weekAgo, to: today, timeZone: 'UTC' });
    expect(answer.body.days.map((d: any) => d.day)).toHaveLength(7);
  });

  it('splits open periods at a close to the instant, and carries an open period into the range', async () => {
    const { token, ...tina } = await server.signedInOwner({ fullName: 'Tina Ties' });
    const utc = (day: number, time: string) => new Date(`2026-11-${day}T${time}:00Z`);
    // 1. The customer writes at 10:00; at 10:05 the conversation is closed, Tina replies and the customer writes
    //    again, all at the same instant: the reply answers the closed period (300 s, resolved in 300 s), and the
    //    customer's message comes after the close, so it starts a new period that the same reply answers (0 s).
    const ties = await conversationOf(tina.accountId);
    await customerWrites(ties, utc(16, '10:00'));
    await statusChange(ties, 'closed', utc(16, '10:05'));
    await staffReplies(ties, utc(16, '10:05'), tina.id);
    await customerWrites(ties, utc(16, '10:05'));
    // 2. Opened and closed the evening before: the customer's 01:00 message starts a period (answered in 600 s).
    const closedBefore = await conversationOf(tina.accountId);
    await customerWrites(closedBefore, utc(15, '23:00'));
    await statusChange(closedBefore, 'closed', utc(15, '23:30'));
    await customerWrites(closedBefore, utc(16, '01:00'));
    await staffReplies(closedBefore, utc(16, '01:10'), tina.id);
    // 3. Opened the evening before and still open: the customer's 00:30 message continues it (no period).
    const openBefore = await conversationOf(tina.accountId);
    await customerWrites(openBefore, utc(15, '22:00'));
    await customerWrites(openBefore, utc(16, '00:30'));
    // 4. Closed at 08:00 before the customer ever wrote: the 09:00 message starts a period (answered in 60 s).
    const closedFirst = await conversationOf(tina.accountId);
    await statusChange(closedFirst, 'closed', utc(16, '08:00'));
    await customerWrites(closedFirst, utc(16, '09:00'));
    await staffReplies(closedFirst, utc(16, '09:01'), tina.id);

    const answer = await report(token, 'from=2026-11-16&to=2026-11-16&timeZone=UTC');
    expect(answer.status).toBe(200);
    // Incoming on the 16th: 10:00, 10:05, 01:00, 00:30, 09:00; outgoing: 10:05, 01:10, 09:01.
    expect(answer.body.totals).toEqual({ conversationsStarted: 4, incoming: 5, outgoing: 3, unanswered: 0 });
    // Responses 0, 60, 300, 600 s: median (60 + 300) / 2 = 180; p90 = 300 + 0.7 × (600 − 300) = 510.
    expect(answer.body.firstResponse).toEqual({
      responded: 4,
      medianSeconds: 180,
      p90Seconds: expect.closeTo(510, 6),
      within5Minutes: 3 / 4,
      within1Hour: 1,
    });
    expect(answer.body.resolution).toEqual({ resolved: 1, medianSeconds: 300, p90Seconds: 300 });
    const buckets = Object.fromEntries(answer.body.responseTimeBuckets.map((b: any) => [b.label, b.count]));
    expect(buckets).toMatchObject({ 'Under 1 min': 1, '1–5 min': 1, '5–15 min': 2 });
  });

  it('measures resolution from a close made through the API', async () => {
    const { token, ...closer } = await server.signedInOwner({ fullName: 'Carla Closer' });
    const conversation = await conversationOf(closer.accountId);
    const wroteAt = new Date(Date.now() - 3_600_000);
    await customerWrites(conversation, wroteAt);
    const closed = await server.request('PUT', `/api/conversations/${conversation.conversationId}/status`, {
      token,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const answer = await report(token, `from=${yesterday}&to=${today}&timeZone=UTC`);
    expect(answer.status).toBe(200);
    expect(answer.body.resolution.resolved).toBe(1);
    // Closed an hour (and the request's few moments) after the customer wrote.
    expect(answer.body.resolution.medianSeconds).toBeGreaterThanOrEqual(3600);
    expect(answer.body.resolution.medianSeconds).toBeLessThan(3600 + 600);
    expect(answer.body.totals.unanswered).toBe(1);
  });
});
