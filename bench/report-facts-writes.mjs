// What the report facts' trigger costs on writes (docs/api.md#reports-owner), not a figure of the run: bench P3's
// generated inbox, then 3,000 single-row message inserts into 300 of its conversations (customer and staff in
// turn) and a delivery status on each outgoing one, in a transaction rolled back, timed in PostgreSQL CPU (the
// backend's /proc stat, so PostgreSQL must run on this machine). "before": the trigger off and the index the
// facts replaced back (server/drizzle/0015_report_facts.sql). Usage: node bench/report-facts-writes.mjs [rounds]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { generateInbox } from './lib/generate-inbox.mjs';
import { createClient } from './lib/parley-client.mjs';
import { startStack } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const rounds = Number(process.argv[2] ?? 5);

async function measure(client, accountId, conversationIds, mode) {
  const { rows } = await client.query('select pg_backend_pid() as pid');
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
  };
  await client.query('BEGIN');
  try {
    if (mode === 'before') {
      await client.query('ALTER TABLE messages DISABLE TRIGGER report_facts_on_message_insert');
      await client.query('ALTER TABLE messages DISABLE TRIGGER report_facts_on_message_update');
      await client.query(
        `CREATE INDEX messages_account_time_covering_idx ON messages (account_id, coalesce(sent_at, created_at))
         INCLUDE (sent_at, created_at, conversation_id, direction, status)`,
      );
    }
    const outgoing = [];
    let started = cpuMs();
    for (let i = 0; i < 3000; i++) {
      const incoming = i % 2 === 0;
      const inserted = await client.query(
        `INSERT INTO messages (account_id, conversation_id, type, direction, content, status, sent_at)
         VALUES ($1, $2, 'text', $3, '{"text":"hello there"}', $4, $5) RETURNING id`,
        [
          accountId,
          conversationIds[i % 300],
          incoming ? 'incoming' : 'outgoing',
          incoming ? null : 'sent',
          incoming ? new Date(Date.now() + i) : null,
        ],
      );
      if (!incoming) outgoing.push(inserted.rows[0].id);
    }
    const insertsMs = cpuMs() - started;
    started = cpuMs();
    for (const id of outgoing) {
      await client.query(`UPDATE messages SET status = 'delivered', updated_at = clock_timestamp() WHERE id = $1`, [
        id,
      ]);
    }
    return { insertsMs, statusesMs: cpuMs() - started };
  } finally {
    await client.query('ROLLBACK');
  }
}

const stack = await startStack({ db: 'postgres' });
try {
  const api = createClient(stack.apiUrl);
  const { account } = await api.profile(await api.loginOwner());
  await generateInbox({
    databaseUrl: stack.database.url,
    accountId: account.id,
    conversations: 100_000,
    perConversation: 10,
  });
  const client = new Client({ connectionString: stack.database.url });
  await client.connect();
  const { rows } = await client.query(
    'SELECT id FROM conversations WHERE account_id = $1 ORDER BY random() LIMIT 300',
    [account.id],
  );
  const results = { before: [], after: [] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['before', 'after']) {
      results[mode].push(
        await measure(
          client,
          account.id,
          rows.map((row) => row.id),
          mode,
        ),
      );
    }
  }
  await client.end();
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [mode, list] of Object.entries(results)) {
    console.log(
      `${mode}: 3,000 inserts ${median(list.map((r) => r.insertsMs))} ms median of PostgreSQL CPU (${list.map((r) => r.insertsMs).join(', ')}); ` +
        `1,500 delivery statuses ${median(list.map((r) => r.statusesMs))} ms (${list.map((r) => r.statusesMs).join(', ')})`,
    );
  }
  console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
} finally {
  await stack.stop();
}
