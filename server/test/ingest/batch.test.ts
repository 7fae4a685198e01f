/**
 * A webhook batch of many customers' messages is stored as a run (a few queries for all of them): the result
 * must be what storing them one by one gives — each message once, the senders' contacts created, renamed or
 * brought back, and each conversation's last message and 24-hour window moved to its newest message.
 */
import { and, eq, inArray, sql, type Query } from 'drizzle-orm';
import { inboundWebhook, serialiseLikeMeta } from '../fixtures/whatsapp';
import { parseWebhookPayload, signWebhookBody, type InboundMessageEvent } from '../../src/channel/whatsapp';
import { contacts } from '../../src/modules/contacts/schema';
import { loadMessageEvents, messageEventOf } from '../../src/modules/conversations/events';
import { storeSettledRun } from '../../src/modules/conversations/inbound-run';
import { createMediaLinkSigner } from '../../src/modules/conversations/media-links';
import type { Tx } from '../../src/db/client';
import { parsedJson } from '../../src/db/json-rows';
import { conversations, messages } from '../../src/modules/conversations/schema';
import { conversationLabels, labels } from '../../src/modules/labels/schema';
import { saveCredentials } from '../../src/modules/credentials/service';
import { createAccount, startTestServer, type TestServer } from '../helpers/test-server';

const APP_SECRET = 'ingest-batch-app-secret';
const PHONE_NUMBER_ID = '5550200001';

describe('a webhook batch stored as a run', () => {
  let server: TestServer;
  let accountId: string;

  type Message = { from: string; name: string; wamid: string; timestamp: number };
  const postBatch = async (list: Message[]) => {
    const entries = list.map(
      (m) =>
        (
          inboundWebhook('text', {
            phoneNumberId: PHONE_NUMBER_ID,
            from: m.from,
            profileName: m.name,
            wamid: m.wamid,
            timestamp: String(m.timestamp),
          }) as { entry: unknown[] }
        ).entry[0],
    );
    const body = serialiseLikeMeta({ object: 'whatsapp_business_account', entry: entries });
    const response = await fetch(`${server.url}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, APP_SECRET) },
      body,
    });
    return response.status;
  };
  /** Posts the batch, then the same again (Meta redelivering it); the rows stored for its wamids. */
  const postTwiceAndRead = async (batch: Message[]) => {
    expect(await postBatch(batch)).toBe(200);
    expect(await postBatch(batch)).toBe(200);
    return server.db
      .select({ wamid: messages.wamid, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), inArray(messages.wamid, [...new Set(batch.map((m) => m.wamid))])));
  };
  const contactOf = async (phone: string) =>
    (
      await server.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.accountId, accountId), eq(contacts.waId, phone)))
    )[0];
  const conversationOf = async (phone: string) =>
    (
      await server.db
        .select()
        .from(conversations)
        .where(eq(conversations.contactId, (await contactOf(phone)).id))
    )[0];

  beforeAll(async () => {
    server = await startTestServer({ env: { WHATSAPP_APP_SECRET: APP_SECRET } });
    accountId = await createAccount(server.db);
    await saveCredentials(
      { db: server.db, config: server.config },
      { accountId, wabaId: 'waba-batch', phoneNumberId: PHONE_NUMBER_ID, token: 'EAAG-ingest-test' },
    );
  });
  afterAll(() => server.close());

  it('stores each message once and keeps contacts and conversations as one by one would', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [known, deleted, fresh] = ['15550300001', '15550300002', '15550300003'];
    // Before: `known` wrote once under an old name; `deleted` wrote once and was then deleted by staff.
    expect(
      await postBatch([
        { from: known, name: 'Old Name', wamid: 'wamid.RUN-earlier-1', timestamp: now - 600 },
        { from: deleted, name: 'Dee', wamid: 'wamid.RUN-earlier-2', timestamp: now - 600 },
      ]),
    ).toBe(200);
    await server.db.update(contacts).set({ deletedAt: new Date() }).where(eq(contacts.waId, deleted));

    const batch: Message[] = [
      { from: fresh, name: 'Fresh', wamid: 'wamid.RUN-1', timestamp: now - 120 },
      { from: known, name: 'New Name', wamid: 'wamid.RUN-2', timestamp: now - 60 },
      { from: fresh, name: 'Fresh', wamid: 'wamid.RUN-3', timestamp: now - 30 },
      // Meta delivering an earlier message again, and one message twice in the same batch.
      { from: known, name: 'Old Name', wamid: 'wamid.RUN-earlier-1', timestamp: now - 600 },
      { from: deleted, name: 'Dee', wamid: 'wamid.RUN-4', timestamp: now - 10 },
      { from: deleted, name: 'Dee', wamid: 'wamid.RUN-4', timestamp: now - 10 },
    ];
    const rows = await postTwiceAndRead(batch);
    expect(rows.map((row) => row.wamid).sort()).toEqual([...new Set(batch.map((m) => m.wamid))].sort());

    expect((await contactOf(known)).profileName).toBe('New Name');
    expect((await contactOf(deleted)).deletedAt).toBeNull();
    expect((await contactOf(fresh)).profileName).toBe('Fresh');
    const freshConversation = await conversationOf(fresh);
    expect(freshConversation.lastIncomingAt?.getTime()).toBe((now - 30) * 1000);
    expect(freshConversation.status).toBe('active');
    const [newest] = await server.db
      .select({ createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.wamid, 'wamid.RUN-3'));
    expect(freshConversation.lastMessageAt?.getTime()).toBe(newest.createdAt.getTime());
    expect((await conversationOf(known)).lastIncomingAt?.getTime()).toBe((now - 60) * 1000);
  });

  it('stores a batch of customers it knows (one statement) as one by one would', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [ana, bea] = ['15550300011', '15550300012'];
    expect(
      await postBatch([
        { from: ana, name: 'Ana', wamid: 'wamid.KNOWN-0', timestamp: now - 300 },
        { from: bea, name: 'Bea', wamid: 'wamid.KNOWN-1', timestamp: now - 300 },
      ]),
    ).toBe(200);
    const before = await conversationOf(ana);
    // Both senders are known under the same names: a message twice in the batch and one Meta delivers again.
    const batch: Message[] = [
      { from: ana, name: 'Ana', wamid: 'wamid.KNOWN-2', timestamp: now - 20 },
      { from: bea, name: 'Bea', wamid: 'wamid.KNOWN-3', timestamp: now - 15 },
      { from: ana, name: 'Ana', wamid: 'wamid.KNOWN-4', timestamp: now - 20 },
      { from: ana, name: 'Ana', wamid: 'wamid.KNOWN-2', timestamp: now - 20 },
      { from: bea, name: 'Bea', wamid: 'wamid.KNOWN-1', timestamp: now - 300 },
    ];
    const rows = await postTwiceAndRead(batch);
    const stored = rows.map((row) => row.wamid).sort();
    expect(stored).toEqual(['wamid.KNOWN-1', 'wamid.KNOWN-2', 'wamid.KNOWN-3', 'wamid.KNOWN-4']);
    const createdAt = (wamid: string) => rows.find((row) => row.wamid === wamid)?.createdAt.getTime() ?? 0;
    expect(createdAt('wamid.KNOWN-4')).toBeGreaterThan(createdAt('wamid.KNOWN-2'));

    const after = await conversationOf(ana);
    expect(after.id).toBe(before.id);
    expect(after.incomingCount).toBe(before.incomingCount + 2);
    expect(after.lastMessageAt?.getTime()).toBe(createdAt('wamid.KNOWN-4'));
    expect(after.lastIncomingAt?.getTime()).toBe((now - 20) * 1000);
    expect(after.lastMessageIncoming).toBe(true);
    const bConversation = await conversationOf(bea);
    expect(bConversation.incomingCount).toBe(2);
    expect(bConversation.lastIncomingAt?.getTime()).toBe((now - 15) * 1000);
    expect(
      await server.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(inArray(contacts.waId, [ana, bea])),
    ).toHaveLength(2);
  });

  it("keeps arrival order in the stored times of one customer's burst, across the slices a big batch is cut into", async () => {
    const now = Math.floor(Date.now() / 1000);
    const from = '15550300009';
    // 120 messages within one WhatsApp second: more than a slice on either database (webhook-module.ts).
    const burst = Array.from({ length: 120 }, (_, index) => ({
      from,
      name: 'Burst',
      wamid: `wamid.BURST-${String(index).padStart(3, '0')}`,
      timestamp: now - 5,
    }));
    expect(await postBatch(burst)).toBe(200);
    const rows = await server.db
      .select({ wamid: messages.wamid, createdAt: messages.createdAt })
      .from(messages)
      .where(
        and(
          eq(messages.accountId, accountId),
          inArray(
            messages.wamid,
            burst.map((m) => m.wamid),
          ),
        ),
      );
    const byArrival = rows.sort((a, b) => (a.wamid as string).localeCompare(b.wamid as string));
    expect(byArrival).toHaveLength(120);
    const outOfOrder = byArrival.filter(
      (row, index) => index > 0 && row.createdAt.getTime() <= byArrival[index - 1].createdAt.getTime(),
    );
    expect(outOfOrder.map((row) => row.wamid)).toEqual([]);
    const conversation = await conversationOf(from);
    expect(conversation.incomingCount).toBe(120);
    expect(conversation.lastMessageAt?.getTime()).toBe(byArrival[119].createdAt.getTime());
  });

  it('returns with a run it stores in one statement the rows of each message event, as a read after it gives', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [cleo, dora] = ['15550300021', '15550300022'];
    expect(
      await postBatch([
        { from: cleo, name: 'Cleo', wamid: 'wamid.ROWS-0', timestamp: now - 300 },
        { from: dora, name: 'Dora', wamid: 'wamid.ROWS-1', timestamp: now - 300 },
      ]),
    ).toBe(200);
    // Cleo's conversation has two labels and an assignee, whose subqueries the statement runs too.
    const cleoConversation = await conversationOf(cleo);
    const agent = await server.createAgent({ accountId, fullName: 'Ines Agent' });
    await server.db
      .update(conversations)
      .set({ assignedUserId: agent.id })
      .where(eq(conversations.id, cleoConversation.id));
    const made = await server.db
      .insert(labels)
      .values([
        { accountId, name: 'VIP', colour: 'gold' },
        { accountId, name: 'Billing', colour: '#1677ff' },
      ])
      .returning();
    await server.db
      .insert(conversationLabels)
      .values(made.map((label) => ({ conversationId: cleoConversation.id, labelId: label.id })));

    const incoming = (from: string, name: string, wamid: string) =>
      parseWebhookPayload(
        inboundWebhook('text', {
          phoneNumberId: PHONE_NUMBER_ID,
          from,
          profileName: name,
          wamid,
          timestamp: String(now - 5),
        }),
      )[0] as InboundMessageEvent;
    const run = [
      incoming(cleo, 'Cleo', 'wamid.ROWS-2'),
      incoming(dora, 'Dora', 'wamid.ROWS-3'),
      incoming(cleo, 'Cleo', 'wamid.ROWS-4'),
      incoming(cleo, 'Cleo', 'wamid.ROWS-2'),
    ];
    const stored = await storeSettledRun(server.db, accountId, run, { withEventRows: true });
    expect(stored?.map((message) => Boolean(message?.eventRow))).toEqual([true, true, true, false]);

    const links = createMediaLinkSigner('test-link-secret');
    const ids = (stored ?? []).flatMap((message) => (message ? [message.messageId] : []));
    const read = await loadMessageEvents(server.db, links, ids);
    const at = new Date();
    const returned = (stored ?? []).flatMap((message) => (message?.eventRow ? [message.eventRow] : []));
    expect(returned).toEqual(read.map((loaded) => loaded.row));
    expect(returned.map((row) => messageEventOf(row, links, at).event)).toEqual(
      read.map((loaded) => messageEventOf(loaded.row, links, at).event),
    );
    // The conversation as the statement left it: its second new message is the last one, both counted.
    const [first, , last] = read.map((loaded) => loaded.event);
    expect(first.conversation.labels.map((label) => label.name)).toEqual(['Billing', 'VIP']);
    expect(first.conversation.assignee).toEqual({ id: agent.id, fullName: 'Ines Agent' });
    expect(first.conversation.lastMessage?.timestamp).toBe(last.message.createdAt);
  });

  it("reads only its senders' contacts and conversations, however many customers the account has", async () => {
    // Customers, each with a conversation, written directly (posting them would take most of the test's time).
    const addCustomers = (from: number, to: number) =>
      server.db.execute(sql`
        with made as (
          insert into contacts (account_id, phone, wa_id, profile_name)
          select ${accountId}, n::text, n::text, 'Customer ' || n from generate_series(${from}::bigint, ${to}::bigint) n
          returning id)
        insert into conversations (account_id, contact_id) select ${accountId}, id from made`);
    const message = (wamid: string, from: string) =>
      parseWebhookPayload(
        inboundWebhook('text', {
          phoneNumberId: PHONE_NUMBER_ID,
          from,
          profileName: `Customer ${from}`,
          wamid,
          timestamp: String(Math.floor(Date.now() / 1000)),
        }),
      )[0] as InboundMessageEvent;
    // The statement run under EXPLAIN ANALYZE (which also runs it): the most rows any step of its plan read (of one
    // table, when named).
    const mostRowsRead = async (tx: Tx, event: InboundMessageEvent, table?: string) => {
      let plan: unknown;
      // The statement's text with its parameters, as storeSettledRun prepares it, run under EXPLAIN instead.
      const explaining = {
        _: {
          session: {
            prepareQuery: (query: Query) => ({
              execute: async (values: Record<string, unknown>) => {
                const explained = { ...query, sql: `explain (analyze, format json) ${query.sql}` };
                const result: unknown = await tx._.session
                  .prepareQuery(explained, undefined, undefined, false)
                  .execute(values);
                const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
                  Record<string, unknown>
                >;
                plan = parsedJson(rows[0]['QUERY PLAN'] as string);
                return { rows: [] };
              },
            }),
          },
        },
      };
      await storeSettledRun(explaining as unknown as Tx, accountId, [event], { withEventRows: true });
      let most = 0;
      const visit = (node: Record<string, unknown>) => {
        const read =
          Number(node['Actual Rows'] ?? 0) * Number(node['Actual Loops'] ?? 1) +
          Number(node['Rows Removed by Filter'] ?? 0) +
          Number(node['Rows Removed by Join Filter'] ?? 0) +
          Number(node['Rows Removed by Index Recheck'] ?? 0);
        if (!table || node['Relation Name'] === table) most = Math.max(most, read);
        for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) visit(child);
      };
      visit((plan as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
      return most;
    };
    // With the plan made for the values at hand, and with the one a prepared statement may keep for any.
    const modes = ['force_custom_plan', 'force_generic_plan'];
    const inPlanMode = <T>(mode: string, work: (tx: Tx) => Promise<T>) =>
      server.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
        return work(tx);
      });

    // 200 customers, no statistics yet (PGlite never analyses by itself): the sender's conversation is found by its
    // key. As a join, the generic plan read the account's conversations and filtered them (86 rows here, 204 in
    // bench P1).
    await addCustomers(15551000000, 15551000199);
    for (const mode of modes) {
      const event = message(`wamid.FEW-${mode}`, '15551000077');
      expect(await inPlanMode(mode, (tx) => mostRowsRead(tx, event, 'conversations'))).toBeLessThan(50);
    }
    // 2,000: nothing of the plan reads the account's contacts or conversations.
    await addCustomers(15551000200, 15551001999);
    for (const [index, mode] of modes.entries()) {
      const event = message(`wamid.MANY-${index + 1}`, '15551000777');
      expect(await inPlanMode(mode, (tx) => mostRowsRead(tx, event))).toBeLessThan(50);
    }
    const stored = await server.db
      .select({ wamid: messages.wamid })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), inArray(messages.wamid, ['wamid.MANY-1', 'wamid.MANY-2'])));
    expect(stored.map((row) => row.wamid).sort()).toEqual(['wamid.MANY-1', 'wamid.MANY-2']);
  });
});
