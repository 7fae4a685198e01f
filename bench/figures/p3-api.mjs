// P3 API at scale: the inbox list, a search and a conversation's first message page on a generated inbox
// (100k conversations, 1M messages, PostgreSQL), with autocannon; baseline: the same SQL through pg directly
// (no HTTP, no auth, no JSON), same concurrency, so the ratio is the server's own overhead.
import { createRequire } from 'node:module';
import { generateInbox } from '../lib/generate-inbox.mjs';
import { loadGets, loadTasks } from '../lib/http-load.mjs';
import { createClient } from '../lib/parley-client.mjs';
import path from 'node:path';
import { summariseCpuProfile } from '../lib/cpu-profile.mjs';
import { attachProfiler, inspectorUrl } from '../lib/inspector-profile.mjs';
import { startStack } from '../lib/stack.mjs';
import { ratio, summarise } from '../lib/stats.mjs';

const require = createRequire(import.meta.url);
const { Pool } = require('pg');
// The server's own Drizzle (a dependency of the server workspace only) turns its statement into SQL text.
const { PgDialect } = createRequire(new URL('../../server/package.json', import.meta.url))('drizzle-orm/pg-core');
const reports = require('../../server/dist/modules/reports/service.js');

const SEARCH = 'lucia silva';
// Search in messages (issue #21): a word a few generated messages are given (every other message has the same
// text, so a word of it would match all 1M: measured once as a plan, see below).
const MESSAGE_WORD = 'zebraparcel';
const MESSAGES_WITH_WORD = 100;
const COMMON_WORD = 'delivery';
const LIST_LIMIT = 200; // what the inbox asks for (remote-inbox conversation-api.ts)
const PAGE_LIMIT = 50; // the chat's first page (remote-inbox conversation-detail-api.ts)
const DETAIL_IDS = 200;
const REPORT_DAYS = 30; // issue #23: reports for 30 days, p99 ≤ 300 ms on PostgreSQL

// The statements queries.ts builds (Drizzle), written out: same tables, filters, order and limits.
// The expression the messages' trigram index covers (server/src/modules/conversations/schema.ts).
const SEARCH_TEXT = `(coalesce(content->>'text', '') || ' ' || coalesce(content->>'caption', ''))`;
const ORDER =
  'ORDER BY cv.last_message_incoming DESC NULLS LAST, cv.last_message_at DESC NULLS LAST, cv.id DESC NULLS LAST';
const SQL = {
  list: `SELECT cv.*, ct.* FROM conversations cv INNER JOIN contacts ct ON ct.id = cv.contact_id
         WHERE cv.account_id = $1 AND cv.last_message_at IS NOT NULL AND cv.status = $2 ${ORDER} LIMIT $3`,
  // `q` of three characters or more: contacts, or a message's text (the trigram index), with the newest match.
  search: `SELECT cv.*, ct.*,
             (SELECT json_build_object('id', m.id, 'text', m.content->>'text', 'caption', m.content->>'caption')
              FROM messages m WHERE m.conversation_id = cv.id AND ${SEARCH_TEXT} ILIKE $4
              ORDER BY coalesce(m.sent_at, m.created_at) DESC, m.created_at DESC, m.id DESC LIMIT 1)
           FROM conversations cv INNER JOIN contacts ct ON ct.id = cv.contact_id
           WHERE cv.account_id = $1 AND cv.last_message_at IS NOT NULL AND cv.status = $2
             AND cv.id IN (SELECT c.id FROM conversations c WHERE c.account_id = $1 AND c.contact_id IN (
                 SELECT id FROM contacts WHERE account_id = $1 AND (name ILIKE $4 OR profile_name ILIKE $4
                   OR email ILIKE $4 OR phone ILIKE $4 OR username ILIKE $4))
               UNION ALL SELECT messages.conversation_id FROM messages
                 WHERE messages.account_id = $1 AND ${SEARCH_TEXT} ILIKE $4)
           ${ORDER} LIMIT $3`,
  conversation: `SELECT cv.*, ct.* FROM conversations cv INNER JOIN contacts ct ON ct.id = cv.contact_id
                 WHERE cv.id = $1 AND cv.account_id = $2 LIMIT 1`,
  page: `SELECT * FROM messages WHERE conversation_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
};

/** Runs `sql` in a transaction after `settings` (SET LOCAL …), as the server does for the report. */
async function inTransaction(pool, settings, query) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const setting of settings) await client.query(setting);
    const result = await client.query(query);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function planOf(pool, sql, params, settings = []) {
  const { rows } = await inTransaction(pool, settings, {
    text: `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    values: params,
  });
  const plan = rows[0]['QUERY PLAN'][0];
  const nodes = [];
  const walk = (node) => {
    if (/Scan/.test(node['Node Type']))
      nodes.push(
        `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''} on ${node['Relation Name']}`,
      );
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return `${plan['Execution Time'].toFixed(1)} ms: ${[...new Set(nodes)].join(', ')}`;
}

export default {
  id: 'P3',
  title: 'API at scale: inbox list, search, first message page and 30-day reports',
  async run({ sizes, log, profile, tmpDir }) {
    const size = sizes.p3;
    log(
      `P3: starting Parley on PostgreSQL and generating ${size.conversations} conversations × ${size.messagesPerConversation} messages`,
    );
    const stack = await startStack({ db: 'postgres', nodeArgs: profile ? ['--inspect=127.0.0.1:0'] : [] });
    let pool;
    try {
      const api = createClient(stack.apiUrl);
      const owner = await api.loginOwner();
      const { account } = await api.profile(owner);
      const generated = await generateInbox({
        databaseUrl: stack.database.url,
        accountId: account.id,
        conversations: size.conversations,
        perConversation: size.messagesPerConversation,
        log,
      });
      // Same pool size as the server's (DB_POOL_MAX default 10).
      pool = new Pool({ connectionString: stack.database.url, max: 10 });
      // Both tables have an `id` column: rows as arrays, the conversation's id first.
      const top = await pool.query({ text: SQL.list, values: [account.id, 'active', DETAIL_IDS], rowMode: 'array' });
      const conversationIds = top.rows.map((row) => row[0]);
      const pattern = `%${SEARCH}%`;
      // A few messages, in random conversations, get the searched word (ANALYZE again: the index's statistics).
      await pool.query(
        `UPDATE messages SET content = jsonb_build_object('text', 'Is my ' || $2::text || ' refund on its way? (' || id || ')')
         WHERE id IN (SELECT id FROM messages WHERE account_id = $1 ORDER BY random() LIMIT $3)`,
        [account.id, MESSAGE_WORD, MESSAGES_WITH_WORD],
      );
      await pool.query('ANALYZE messages');
      const messagePattern = `%${MESSAGE_WORD}%`;
      const cases = [
        {
          label: `GET /api/conversations?status=active&limit=${LIST_LIMIT} (inbox list)`,
          paths: [`/api/conversations?status=active&limit=${LIST_LIMIT}`],
          task: () => pool.query({ text: SQL.list, values: [account.id, 'active', LIST_LIMIT + 1], rowMode: 'array' }),
          plan: () => planOf(pool, SQL.list, [account.id, 'active', LIST_LIMIT + 1]),
          profile: 'list',
        },
        {
          label: `GET /api/conversations?status=active&q=${SEARCH}&limit=${LIST_LIMIT} (search)`,
          paths: [`/api/conversations?status=active&q=${encodeURIComponent(SEARCH)}&limit=${LIST_LIMIT}`],
          task: () =>
            pool.query({ text: SQL.search, values: [account.id, 'active', LIST_LIMIT + 1, pattern], rowMode: 'array' }),
          plan: () => planOf(pool, SQL.search, [account.id, 'active', LIST_LIMIT + 1, pattern]),
        },
        {
          label: `GET /api/conversations?status=active&q=${MESSAGE_WORD}&limit=${LIST_LIMIT} (search in messages, ${MESSAGES_WITH_WORD} of ${size.conversations * size.messagesPerConversation} messages match)`,
          paths: [`/api/conversations?status=active&q=${MESSAGE_WORD}&limit=${LIST_LIMIT}`],
          task: () =>
            pool.query({
              text: SQL.search,
              values: [account.id, 'active', LIST_LIMIT + 1, messagePattern],
              rowMode: 'array',
            }),
          plan: () => planOf(pool, SQL.search, [account.id, 'active', LIST_LIMIT + 1, messagePattern]),
          profile: 'message-search',
        },
        {
          label: `GET /api/conversations/{id}?limit=${PAGE_LIMIT} (first message page, ${conversationIds.length} conversations in turn)`,
          paths: conversationIds.map((id) => `/api/conversations/${id}?limit=${PAGE_LIMIT}`),
          async task(i) {
            const id = conversationIds[i % conversationIds.length];
            await pool.query({ text: SQL.conversation, values: [id, account.id], rowMode: 'array' });
            await pool.query({ text: SQL.page, values: [id, PAGE_LIMIT + 1], rowMode: 'array' });
          },
          plan: () => planOf(pool, SQL.page, [conversationIds[0], PAGE_LIMIT + 1]),
          profile: 'detail',
        },
      ];
      // The reports statement the server runs (server/src/modules/reports/service.ts), as SQL text and params.
      const today = new Date();
      const reportRange = reports.reportRange({
        from: new Date(today.getTime() - (REPORT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10),
        to: today.toISOString().slice(0, 10),
        timeZone: 'UTC',
      });
      const report = new PgDialect().sqlToQuery(reports.reportStatement(account.id, reportRange));
      // The server runs it without JIT compilation (buildReport in the same file says why).
      const reportSettings = ['SET LOCAL jit = off'];
      cases.push({
        label: `GET /api/reports (${REPORT_DAYS} days, UTC)`,
        paths: [`/api/reports?from=${reportRange.from}&to=${reportRange.to}&timeZone=UTC`],
        task: () => inTransaction(pool, reportSettings, { text: report.sql, values: report.params, rowMode: 'array' }),
        plan: () => planOf(pool, report.sql, report.params, reportSettings),
        profile: 'reports',
      });
      const rows = [];
      // Not a load case: a word every generated message has, so every message matches (the worst case).
      const commonPlan = await planOf(pool, SQL.search, [account.id, 'active', LIST_LIMIT + 1, `%${COMMON_WORD}%`]);
      const facts = {
        [`plan of search in messages for a word all ${size.conversations * size.messagesPerConversation} messages have (q=${COMMON_WORD})`]:
          commonPlan,
        'generated conversations / messages': `${generated.conversations} / ${generated.messages}`,
        'generation time (ms)': Object.entries(generated.timings)
          .map(([name, ms]) => `${name} ${ms}`)
          .join(', '),
      };
      const checks = {};
      const profiles = {};
      for (const item of cases) {
        log(
          `P3: ${item.label}: latency ${size.seconds} s × 1 connection, throughput ${size.throughputSeconds} s × ${size.connections}, Parley then pg`,
        );
        // Warm both paths once (JIT, caches), then measure.
        await loadGets({ url: stack.apiUrl, paths: item.paths, token: owner, connections: 1, seconds: 1 });
        await loadTasks({ task: item.task, connections: 1, seconds: 1 });
        // Latency: one client at a time (what one agent waits); throughput: `connections` at once.
        const http = await loadGets({
          url: stack.apiUrl,
          paths: item.paths,
          token: owner,
          connections: 1,
          seconds: size.seconds,
        });
        const direct = await loadTasks({ task: item.task, connections: 1, seconds: size.seconds });
        const httpLoad = await loadGets({
          url: stack.apiUrl,
          paths: item.paths,
          token: owner,
          connections: size.connections,
          seconds: size.throughputSeconds,
        });
        const directLoad = await loadTasks({
          task: item.task,
          connections: size.connections,
          seconds: size.throughputSeconds,
        });
        const parley = summarise(http.latencies);
        const baseline = summarise(direct.latencies);
        rows.push({
          label: item.label,
          unit: 'ms',
          parley,
          baseline,
          ratio: { median: ratio(parley.median, baseline.median), p99: ratio(parley.p99, baseline.p99) },
        });
        const short = item.label.split(' (')[0];
        facts[`${short}: requests/s with ${size.connections} at once (median / p99 ms)`] = {
          parley: `${Math.round(httpLoad.requestsPerSecond)} (${summarise(httpLoad.latencies, 1).median} / ${summarise(httpLoad.latencies, 1).p99})`,
          baseline: `${Math.round(directLoad.requestsPerSecond)} (${summarise(directLoad.latencies, 1).median} / ${summarise(directLoad.latencies, 1).p99})`,
          ratio: ratio(directLoad.requestsPerSecond, httpLoad.requestsPerSecond),
        };
        facts[`plan of ${short}`] = await item.plan();
        checks[`failed requests: ${short}`] =
          http.errors +
          http.timeouts +
          http.non2xx +
          direct.errors +
          httpLoad.errors +
          httpLoad.timeouts +
          httpLoad.non2xx +
          directLoad.errors;
        if (profile && item.profile) {
          // Not counted: the server under the CPU profiler for a few seconds of the same load (1 connection).
          const profiler = await attachProfiler(await inspectorUrl(stack.logs));
          await profiler.start();
          const profiled = await loadGets({
            url: stack.apiUrl,
            paths: item.paths,
            token: owner,
            connections: 1,
            seconds: Math.min(5, size.seconds),
          });
          const file = await profiler.stop(path.join(tmpDir, `p3-${item.profile}-${Date.now()}.cpuprofile`));
          profiles[`server, ${short}`] = {
            file: path.relative(process.cwd(), file),
            messages: `${profiled.latencies.length} requests,`,
            ...summariseCpuProfile(file),
          };
        }
      }
      return {
        parleyLabel: `Parley on PostgreSQL over HTTP, autocannon with 1 connection for ${size.seconds} s (latency); requests/s with ${size.connections} connections`,
        baselineLabel: `the same SQL through pg directly in this process, 1 at a time (latency) and ${size.connections} at once (pool of 10 like the server's); the requests/s ratio is pg ÷ Parley`,
        rows,
        facts,
        checks,
        ...(Object.keys(profiles).length ? { profile: profiles } : {}),
        notes: [
          `Data: ${size.conversations} contacts and conversations (70 % active), ${size.messagesPerConversation} messages each, inserted with INSERT … SELECT generate_series into the server's tables (the report facts' trigger off, the facts then written in one pass by report_facts_rebuild), then VACUUM (ANALYZE).`,
          'The server also checks the bearer token and the user row, and turns rows into the API shape (JSON): that is the overhead the ratio shows.',
        ],
      };
    } finally {
      await pool?.end();
      await stack.stop();
    }
  },
};
