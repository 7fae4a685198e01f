// Generates an inbox straight into PostgreSQL with set-based SQL (generate_series), into the server's own
// tables (server/src/db/schema.ts): `conversations` contacts, one conversation each, `perConversation`
// messages each, the last one matching the conversation's last-message columns as the server keeps them.
// The messages table's secondary indexes are dropped during the load and rebuilt from their own definitions.
import { createRequire } from 'node:module';
import { FIRST_NAMES, LAST_NAMES } from './names.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const list = (values) => `ARRAY[${values.map((value) => `'${value}'`).join(',')}]`;

export async function generateInbox({ databaseUrl, accountId, conversations, perConversation, log }) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const timings = {};
  const step = async (name, sql, params = []) => {
    const started = performance.now();
    await client.query(sql, params);
    timings[name] = Math.round(performance.now() - started);
  };
  try {
    await client.query('SET synchronous_commit = off');
    await step(
      'contacts',
      `INSERT INTO contacts (account_id, name, profile_name, phone, email, created_at)
       SELECT $1, CASE WHEN i % 5 = 0 THEN NULL ELSE f || ' ' || l || ' ' || i END, lower(f) || i,
              '1666' || lpad(i::text, 8, '0'), CASE WHEN i % 3 = 0 THEN lower(f) || '.' || i || '@example.com' END,
              now() - (i % 365) * interval '1 day'
       FROM generate_series(1, $2::int) AS i,
            LATERAL (SELECT (${list(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] AS f, (${list(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS l) AS n`,
      [accountId, conversations],
    );
    await step(
      'conversations',
      `INSERT INTO conversations (account_id, contact_id, status, last_message_at, last_message_incoming, last_incoming_at, created_at, updated_at)
       SELECT account_id, id,
              CASE WHEN r < 0.7 THEN 'active' WHEN r < 0.9 THEN 'closed' ELSE 'archived' END,
              at, incoming, at - interval '1 minute', created_at, at
       FROM (SELECT account_id, id, created_at, random() AS r, random() < 0.4 AS incoming,
                    date_trunc('milliseconds', now() - random() * interval '90 days') AS at
             FROM contacts WHERE account_id = $1 AND phone LIKE '1666%') AS c`,
      [accountId],
    );
    const { rows: indexes } = await client.query(
      `SELECT indexname, indexdef FROM pg_indexes i
       WHERE tablename = 'messages' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.indexname}`);
    // The report facts' triggers would look up each message's periods one by one: off for the load, and the facts
    // written afterwards in one pass by the function the migration fills them in with (server/drizzle, 0015).
    await client.query('ALTER TABLE messages DISABLE TRIGGER report_facts_on_message_insert');
    // The unique (account, wamid) index may be a constraint rather than a bare index: kept either way.
    await step(
      'messages',
      `INSERT INTO messages (account_id, conversation_id, type, direction, content, wamid, status, sent_at, created_at, updated_at)
       SELECT c.account_id, c.id, 'text', d.direction,
              jsonb_build_object('text', 'Message ' || k || ': order delivery tomorrow, thanks — price menu table booking'),
              CASE WHEN d.direction = 'incoming' THEN 'wamid.GEN' || replace(c.id::text, '-', '') || k END,
              CASE WHEN d.direction = 'outgoing' THEN 'read' END,
              CASE WHEN d.direction = 'incoming' THEN t.at END, t.at, t.at
       FROM conversations c
       CROSS JOIN generate_series(1, $2::int) AS k
       CROSS JOIN LATERAL (SELECT c.last_message_at - ($2::int - k) * interval '1 minute' AS at) AS t
       CROSS JOIN LATERAL (SELECT CASE WHEN k = $2::int THEN (CASE WHEN c.last_message_incoming THEN 'incoming' ELSE 'outgoing' END)
                                       WHEN k % 2 = 0 THEN 'incoming' ELSE 'outgoing' END AS direction) AS d
       WHERE c.account_id = $1 AND c.contact_id IN (SELECT id FROM contacts WHERE account_id = $1 AND phone LIKE '1666%')`,
      [accountId, perConversation],
    );
    // The unread counters the server keeps as it stores messages (server/src/modules/conversations/unread.ts).
    await step(
      'counters',
      `UPDATE conversations c SET incoming_count = x.n, first_incoming_at = x.first
       FROM (SELECT conversation_id, count(*)::int AS n, min(created_at) AS first FROM messages
             WHERE account_id = $1 AND direction = 'incoming' GROUP BY conversation_id) x
       WHERE x.conversation_id = c.id`,
      [accountId],
    );
    const started = performance.now();
    for (const index of indexes) await client.query(index.indexdef);
    timings.indexes = Math.round(performance.now() - started);
    await client.query('ALTER TABLE messages ENABLE TRIGGER report_facts_on_message_insert');
    await step('report facts', 'SELECT report_facts_rebuild($1)', [accountId]);
    // VACUUM sets the visibility map, as autovacuum would on a production server (this one may run without it):
    // the reports' index-only scans read the messages table only for pages not marked all-visible yet.
    await step('analyze', 'VACUUM (ANALYZE) contacts, conversations, messages, report_periods, report_message_counts');
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM conversations WHERE account_id = $1)::int AS conversations, (SELECT count(*) FROM messages WHERE account_id = $1)::int AS messages`,
      [accountId],
    );
    log?.(
      `P3: generated ${rows[0].conversations} conversations and ${rows[0].messages} messages (${JSON.stringify(timings)} ms)`,
    );
    return { ...rows[0], timings };
  } finally {
    await client.end();
  }
}
