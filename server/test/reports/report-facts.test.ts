/**
 * The report facts the database keeps (report_periods, report_message_counts; docs/api.md#reports-owner) through
 * the writes that change them after the fact: a close recorded before messages that arrive late, a first reply
 * that fails, messages moved by a contact merge, an echo taken back. Figures worked out by hand in Nepal time
 * (UTC+05:45, whose midnight is at 18:15 UTC), then the kept facts compared with facts written from scratch.
 */
import { sql } from 'drizzle-orm';
import { conversationStatusChanges, conversations, messages } from '../../src/modules/conversations/schema';
import { chosenDb, startTestServer, type TestServer } from '../helpers/test-server';
import { reportWrites } from './report-writes';

let server: TestServer;

/** Kathmandu wall time on a November 2026 day → the instant. */
const ktm = (day: number, time: string) => new Date(`2026-11-${String(day).padStart(2, '0')}T${time}:00+05:45`);

const { conversationOf, customerWrites, staffReplies, phoneAppReplies, statusChange, report } = reportWrites(
  () => server,
  '1555100',
);

/** The account's facts, in a stable order, without the counts that came back to zero. */
async function factsOf(accountId: string) {
  const periods = await server.db.execute(sql`
    select conversation_id, started_at, closed_at, first_reply_at, first_reply_user_id, first_reply_from
    from report_periods where account_id = ${accountId} order by conversation_id, started_at`);
  const counts = await server.db.execute(sql`
    select conversation_id, quarter_at, incoming, outgoing from report_message_counts
    where account_id = ${accountId} and (incoming <> 0 or outgoing <> 0) order by conversation_id, quarter_at`);
  return { periods: (periods as any).rows, counts: (counts as any).rows };
}

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('report facts', () => {
  it('follow late messages and closes, a failed first reply, a contact merge and a deleted echo', async () => {
    const { token, ...owner } = await server.signedInOwner({ fullName: 'Nina Owner' });
    const agent = await server.createAgent({ accountId: owner.accountId, fullName: 'Adam Agent' });

    // A. Night: the customer writes at 23:50 on the 9th and 00:01 on the 10th (either side of Nepal's midnight,
    //    within one UTC hour); answered from the phone app at 07:10 (26 400 s), closed at 07:30 (27 600 s).
    //    Reopened: the customer writes at 09:00; Adam's 09:02 reply fails later, Nina answers at 09:05 (300 s).
    const a = await conversationOf(owner.accountId);
    await customerWrites(a, ktm(9, '23:50'));
    await customerWrites(a, ktm(10, '00:01'));
    await phoneAppReplies(a, ktm(10, '07:10'));
    await statusChange(a, 'closed', ktm(10, '07:30'));
    await statusChange(a, 'active', ktm(10, '08:59'));
    await customerWrites(a, ktm(10, '09:00'));
    const [failing] = await staffReplies(a, ktm(10, '09:02'), agent.id, 'sent');
    await staffReplies(a, ktm(10, '09:05'), owner.id);
    await server.db
      .update(messages)
      .set({ status: 'failed' })
      .where(sql`${messages.id} = ${failing.id}`);

    // B. Out of order: the 10:00 message is stored first, then a close at 09:30, then a 09:00 message that arrived
    //    late: a period from 09:00 closed at 09:30 (unanswered, 1 800 s) and one from 10:00 that Adam answers at
    //    10:20 (1 200 s).
    const b = await conversationOf(owner.accountId);
    await customerWrites(b, ktm(10, '10:00'));
    await statusChange(b, 'closed', ktm(10, '09:30'));
    await customerWrites(b, ktm(10, '09:00'));
    await staffReplies(b, ktm(10, '10:20'), agent.id);

    // C and D: one customer, two conversations merged. D's 11:00 message and Nina's 11:01 reply (60 s) move into C,
    //    whose 12:00 message (answered by Adam at 12:10) now continues that period.
    const c = await conversationOf(owner.accountId);
    await customerWrites(c, ktm(9, '12:00'));
    await staffReplies(c, ktm(9, '12:10'), agent.id);
    const d = await conversationOf(owner.accountId);
    await customerWrites(d, ktm(9, '11:00'));
    await staffReplies(d, ktm(9, '11:01'), owner.id);
    await server.db
      .update(messages)
      .set({ conversationId: c.conversationId })
      .where(sql`${messages.conversationId} = ${d.conversationId}`);
    await server.db.delete(conversations).where(sql`${conversations.id} = ${d.conversationId}`);

    // E. A phone-app echo at 12:03 taken back (it was Parley's own send), Adam's 12:06 reply answers (360 s).
    const e = await conversationOf(owner.accountId);
    await customerWrites(e, ktm(10, '12:00'));
    const [echo] = await phoneAppReplies(e, ktm(10, '12:03'));
    await staffReplies(e, ktm(10, '12:06'), agent.id);
    await server.db.delete(messages).where(sql`${messages.id} = ${echo.id}`);

    const answer = await report(token, 'from=2026-11-09&to=2026-11-10&timeZone=Asia/Kathmandu');
    expect(answer.status).toBe(200);
    const body = answer.body;
    // Started: A (9th), C (9th); A again, B ×2, E (10th). Incoming on the 9th: A 23:50, C 12:00, D 11:00; outgoing:
    // 12:10, 11:01. On the 10th incoming: A 00:01 and 09:00, B 10:00 and 09:00, E 12:00; outgoing: 07:10, 09:05,
    // 10:20, 12:06 (the failed reply and the deleted echo are not messages sent).
    expect(body.days).toEqual([
      { day: '2026-11-09', conversationsStarted: 2, incoming: 3, outgoing: 2 },
      { day: '2026-11-10', conversationsStarted: 4, incoming: 5, outgoing: 4 },
    ]);
    expect(body.totals).toEqual({ conversationsStarted: 6, incoming: 8, outgoing: 6, unanswered: 1 });
    // Responses 60, 300, 360, 1 200, 26 400: median 360; p90 = 1 200 + 0.6 × (26 400 − 1 200) = 16 320.
    expect(body.firstResponse).toEqual({
      responded: 5,
      medianSeconds: 360,
      p90Seconds: expect.closeTo(16_320, 6),
      within5Minutes: 2 / 5,
      within1Hour: 4 / 5,
    });
    // Resolutions 1 800 and 27 600: median 14 700; p90 = 1 800 + 0.9 × 25 800 = 25 020.
    expect(body.resolution).toEqual({ resolved: 2, medianSeconds: 14_700, p90Seconds: expect.closeTo(25_020, 6) });
    const buckets = Object.fromEntries(body.responseTimeBuckets.map((x: any) => [x.label, x.count]));
    expect(buckets).toMatchObject({ '1–5 min': 1, '5–15 min': 2, '15–60 min': 1, '4–24 h': 1 });
    expect(body.agents).toEqual([
      { key: agent.id, name: 'Adam Agent', firstResponses: 2, medianSeconds: 780, within5Minutes: 0 },
      { key: owner.id, name: 'Nina Owner', firstResponses: 2, medianSeconds: 180, within5Minutes: 1 },
      { key: 'phone_app', name: 'Phone app', firstResponses: 1, medianSeconds: 26_400, within5Minutes: 0 },
    ]);

    // What the triggers kept is what the account's rows give when the facts are written from scratch.
    const kept = await factsOf(owner.accountId);
    expect(kept.periods).toHaveLength(6);
    await server.db.execute(sql`select report_facts_rebuild(${owner.accountId}::uuid)`);
    expect(await factsOf(owner.accountId)).toEqual(kept);
  });

  // PGlite has one connection: two transactions at once need PostgreSQL.
  (chosenDb() === 'postgres' ? it : it.skip)(
    'stay exact when a close and a customer message are written at the same time',
    async () => {
      const owner = await server.registerAndVerify({ fullName: 'Rita Race' });
      const conversation = await conversationOf(owner.accountId);
      await customerWrites(conversation, new Date('2026-11-16T10:00:00Z'));
      // The close at 10:05 is written but not committed when the customer's 10:06 message is stored beside it: the
      // message must wait for the close, then start a period of its own.
      let commitClose = () => {};
      let closeWritten = () => {};
      const written = new Promise<void>((resolve) => (closeWritten = resolve));
      const close = server.db.transaction(async (tx) => {
        await tx
          .insert(conversationStatusChanges)
          .values({ ...conversation, status: 'closed', changedAt: new Date('2026-11-16T10:05:00Z') });
        closeWritten();
        await new Promise<void>((resolve) => (commitClose = resolve));
      });
      await written;
      let stored = false;
      const message = customerWrites(conversation, new Date('2026-11-16T10:06:00Z')).then(() => {
        stored = true;
        return 'stored';
      });
      const waiting = async () => {
        // The message's insert waiting on a lock the close's transaction holds (or stored without waiting).
        while (!stored) {
          const rows = (await server.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as any;
          if (rows.rows[0].n > 0) return 'waiting';
          await new Promise((resolve) => setImmediate(resolve));
        }
        return 'stored';
      };
      expect(await Promise.race([message, waiting()])).toBe('waiting');
      commitClose();
      await close;
      await message;
      const kept = await factsOf(owner.accountId);
      expect(kept.periods.map((p: any) => new Date(p.started_at).toISOString())).toEqual([
        '2026-11-16T10:00:00.000Z',
        '2026-11-16T10:06:00.000Z',
      ]);
      await server.db.execute(sql`select report_facts_rebuild(${owner.accountId}::uuid)`);
      expect(await factsOf(owner.accountId)).toEqual(kept);
    },
  );

  it('counts messages by the day they fell on where midnight is not on a quarter hour (Monrovia, 1971)', async () => {
    const { token, ...owner } = await server.signedInOwner({ fullName: 'Liberia Owner' });
    const conversation = await conversationOf(owner.accountId);
    // Monrovia was UTC−00:44:30: 2 June 1971 began at 00:44:30 UTC. A message 10 s later is in that day, though
    // its UTC quarter hour (00:30) began on the 1st.
    await customerWrites(conversation, new Date('1971-06-02T00:44:40Z'));
    const answer = await report(token, 'from=1971-06-01&to=1971-06-02&timeZone=Africa/Monrovia');
    expect(answer.status).toBe(200);
    expect(answer.body.days).toEqual([
      { day: '1971-06-01', conversationsStarted: 0, incoming: 0, outgoing: 0 },
      { day: '1971-06-02', conversationsStarted: 1, incoming: 1, outgoing: 0 },
    ]);
  });
});
