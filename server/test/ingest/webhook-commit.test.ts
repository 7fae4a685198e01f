/**
 * Group commit keeps the webhook's guarantee: each POST is answered 200 only once its own messages are
 * committed, and a message that cannot be stored fails only its own POST (500, Meta delivers it again) — never
 * the 200 of another webhook, or another account's, that arrived with it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { inboundWebhook, serialiseLikeMeta } from '../fixtures/whatsapp';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { messages } from '../../src/modules/conversations/schema';
import { saveCredentials } from '../../src/modules/credentials/service';
import { createAccount, startTestServer, type TestServer } from '../helpers/test-server';

const APP_SECRET = 'ingest-test-app-secret';
const POISON = 'wamid.INGEST-POISON';

describe('webhook group commit', () => {
  let server: TestServer;
  const accounts: Array<{ accountId: string; phoneNumberId: string }> = [];
  let counter = 0;

  /** A signed webhook POST of `count` text messages to the account's number; resolves to its status. */
  const post = async (phoneNumberId: string, wamids: string[]) => {
    const payload = inboundWebhook('text', { phoneNumberId, from: '15550700', wamid: wamids[0] }) as {
      entry: Array<{ changes: Array<{ value: { messages: Array<Record<string, unknown>> } }> }>;
    };
    const value = payload.entry[0].changes[0].value;
    value.messages = wamids.map((wamid) => ({ ...value.messages[0], id: wamid }));
    const body = serialiseLikeMeta(payload);
    const response = await fetch(`${server.url}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, APP_SECRET) },
      body,
    });
    return response.status;
  };
  const freshWamids = (count: number) =>
    Array.from({ length: count }, () => `wamid.INGEST-${Date.now()}-${(counter += 1)}`);
  const storedCount = async (wamids: string[]) =>
    (await server.db.select({ id: messages.id }).from(messages).where(inArray(messages.wamid, wamids))).length;

  beforeAll(async () => {
    server = await startTestServer({ env: { WHATSAPP_APP_SECRET: APP_SECRET } });
    for (const phoneNumberId of ['5550100001', '5550100002']) {
      const accountId = await createAccount(server.db);
      await saveCredentials(
        { db: server.db, config: server.config },
        { accountId, wabaId: `waba-${phoneNumberId}`, phoneNumberId, token: 'EAAG-ingest-test' },
      );
      accounts.push({ accountId, phoneNumberId });
    }
    // A message the database refuses, as a broken row or a failing disk would: only this wamid.
    await server.db.execute(
      sql.raw(`create function ingest_test_refuse() returns trigger language plpgsql as $$
        begin
          if new.wamid = '${POISON}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await server.db.execute(
      sql.raw(
        'create trigger ingest_test_refuse before insert on messages for each row execute function ingest_test_refuse()',
      ),
    );
  });
  afterAll(() => server.close());

  it('answers each of many simultaneous webhooks only once its messages are committed', async () => {
    const webhooks = Array.from({ length: 40 }, (_, index) => ({
      phoneNumberId: accounts[index % 2].phoneNumberId,
      wamids: freshWamids(1 + (index % 3)),
    }));
    // Read at the moment each 200 arrives (on PostgreSQL through another pooled connection, which sees only
    // committed rows): every message of that webhook must be there already.
    const seenAtAnswer = await Promise.all(
      webhooks.map(async ({ phoneNumberId, wamids }) => {
        const status = await post(phoneNumberId, wamids);
        return { status, stored: await storedCount(wamids), expected: wamids.length };
      }),
    );
    expect(seenAtAnswer.filter((seen) => seen.status !== 200)).toEqual([]);
    expect(seenAtAnswer.filter((seen) => seen.stored !== seen.expected)).toEqual([]);
  });

  it('fails only the webhook whose message cannot be stored, not the others that arrived with it', async () => {
    const [first, second] = accounts;
    const good = [freshWamids(2), freshWamids(3), freshWamids(1)];
    const [poisoned, ...others] = await Promise.all([
      post(first.phoneNumberId, [POISON]),
      post(second.phoneNumberId, good[0]),
      post(first.phoneNumberId, good[1]),
      post(second.phoneNumberId, good[2]),
    ]);
    expect(poisoned).toBe(500);
    expect(others).toEqual([200, 200, 200]);
    expect(await storedCount(good.flat())).toBe(6);
    expect(await storedCount([POISON])).toBe(0);

    // Meta delivers the failed webhook again; once the database takes it, it is stored once.
    await server.db.execute(sql.raw('drop trigger ingest_test_refuse on messages'));
    expect(await post(first.phoneNumberId, [POISON])).toBe(200);
    expect(await post(first.phoneNumberId, [POISON])).toBe(200);
    const stored = await server.db
      .select({ accountId: messages.accountId })
      .from(messages)
      .where(and(eq(messages.wamid, POISON)));
    expect(stored).toEqual([{ accountId: first.accountId }]);
  });
});
