/**
 * Bad input: at least 10,000 malformed or hostile requests over every route of the live table (see
 * request-generator.ts), injected into the real app on the real database. Every answer must be below 500, every
 * 4xx a JSON `{ message }`, no answer may show a file from outside the served folders, and a request answered
 * 4xx must leave nothing behind: row counts of every table, the content of the account tables, and the stored
 * files are compared around each batch of requests.
 * Each run draws a fresh seed and prints it; `FUZZ_SEED=<seed> npx jest test/hardening/bad-input` replays that
 * run request for request (FUZZ_RUNS changes the count).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { signWebhookBody } from '../../src/channel/whatsapp';
import { chosenDb } from '../helpers/test-server';
import { APP_SECRET, countFiles, startHardeningStack, type HardeningStack } from './hardening-stack';
import { requestArbitrary, ROUTE_SCHEMAS, type GeneratedRequest } from './request-generator';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : crypto.randomInt(2 ** 31);
const REPLAY = `FUZZ_SEED=${SEED} TEST_DB=${chosenDb()} npx jest test/hardening/bad-input`;
/** Routes that end the caller's session would sign the fuzz's callers out: tried in auth-attacks instead. */
const NOT_FUZZED = new Set(['POST /auth/logout']);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const CHUNK = 250;
const BATCH = 8;
/** Tables a background worker changes on its own (finished jobs are cleaned up): never compared. */
const BACKGROUND_TABLES = new Set(['jobs', 'message_pending_statuses']);
/** Tables compared row by row, not only counted (the others may change through 2xx work still settling). */
const CONTENT_TABLES = ['accounts', 'users', 'contacts', 'assets', 'whatsapp_connections'];

let stack: HardeningStack;
let canary: string;
let fingerprintSql: string;

jest.setTimeout(300_000);

beforeAll(async () => {
  process.stdout.write(`bad-input fuzz seed ${SEED} — replay: ${REPLAY}\n`);
  stack = await startHardeningStack();
  // A secret file next to (not inside) the folders the server serves: no path trick may reach it.
  canary = `canary-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await fs.writeFile(path.join(stack.server.tmpDir, 'canary.txt'), canary);
  await fs.writeFile(path.join(stack.server.config.deploymentsDir, '..', 'deployments-canary.txt'), canary);
  await fs.mkdir(stack.server.config.webRoot, { recursive: true });
  await fs.writeFile(path.join(stack.server.config.webRoot, 'index.html'), '<!doctype html><title>Parley</title>');

  const tables = (
    (await stack.server.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: Array<{ table_name: string }> }
  ).rows
    .map((row) => row.table_name)
    .filter((name) => !name.startsWith('__') && !BACKGROUND_TABLES.has(name));
  for (const table of CONTENT_TABLES) expect(tables).toContain(table);
  const columns = [
    ...tables.map((table) => `(select count(*) from "${table}")::text as "${table}"`),
    ...CONTENT_TABLES.map(
      (table) =>
        `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table}" t) as "${table}#content"`,
    ),
  ];
  fingerprintSql = `select ${columns.join(', ')}`;
});
afterAll(() => stack?.close());

async function fingerprint(): Promise<Record<string, string | number>> {
  const result = (await stack.server.db.execute(sql.raw(fingerprintSql))) as unknown as {
    rows: Array<Record<string, string>>;
  };
  const storage = stack.server.config.storageDir;
  // Uploaded assets and sent media; flow previews are fetched in the background and left out.
  let files = 0;
  for (const account of await fs.readdir(path.join(storage, 'accounts')).catch(() => [] as string[])) {
    files += await countFiles(path.join(storage, 'accounts', account, 'assets'));
    files += await countFiles(path.join(storage, 'accounts', account, 'messages'));
  }
  return { ...result.rows[0], files };
}

interface Outcome {
  request: GeneratedRequest;
  status: number;
  message?: unknown;
  contentType: string;
  body: string;
}

/** The fuzz comes from 64 client addresses in turn: the real rate limits count it per IP and per account. */
const clientAddress = (index: number) => `10.77.${index % 64}.1`;

/** A request still unanswered after this long is a hang in the product: fail naming it, not at the test's limit. */
const STUCK_MS = 30_000;

/** The promise's value, or undefined when it has not settled within `ms` (a request the product never answers). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let watchdog: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => (watchdog = setTimeout(() => resolve(undefined), ms))),
  ]).finally(() => clearTimeout(watchdog));
}

async function send(request: GeneratedRequest, index: number): Promise<Outcome> {
  const response = await within(
    stack.server.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payload: request.payload,
      remoteAddress: clientAddress(index),
    }),
    STUCK_MS,
  );
  if (!response)
    throw new Error(
      `no answer within ${STUCK_MS} ms: ${request.method} ${request.url.slice(0, 200)} [${request.how.join('; ').slice(0, 300)}]\nreplay: ${REPLAY}`,
    );
  let message: unknown;
  try {
    message = response.json().message;
  } catch {
    // not JSON
  }
  return {
    request,
    status: response.statusCode,
    message,
    contentType: String(response.headers['content-type'] ?? ''),
    body: response.body,
  };
}

const describeRequest = (outcome: Outcome) =>
  `${outcome.request.method} ${outcome.request.url.slice(0, 160)} [${outcome.request.how.join('; ').slice(0, 300)}] → ${outcome.status} ${outcome.body.slice(0, 200)}`;

describe('bad input over every route', () => {
  it('has an input schema for every route of the live table', () => {
    const missing = stack.server.app
      .listRouteAccess()
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !(key in ROUTE_SCHEMAS));
    expect(missing).toEqual([]);
  });

  it(`answers ${RUNS} malformed or hostile requests without a 5xx, each 4xx with a message, leaving nothing half-written`, async () => {
    const { a, b } = stack;
    const routes = stack.server.app
      .listRouteAccess()
      .filter((route) => route.method !== 'OPTIONS' && !NOT_FUZZED.has(`${route.method} ${route.url}`));
    const arbitrary = requestArbitrary(routes, {
      own: {
        conversation: a.conversationIds,
        message: a.messages.map((m) => m.id),
        asset: a.assetIds,
        flow: a.flowIds,
        contact: a.contactIds,
        user: [a.agent.id, a.owner.id, a.suspended.id, b.agent.id],
        fileToken: a.assetFileTokens,
      },
      callers: [
        { weight: 14, header: `Bearer ${a.owner.token}` },
        { weight: 3, header: `Bearer ${a.agent.token}` },
        { weight: 1, header: `Bearer ${b.owner.token}` },
        { weight: 1, header: undefined },
        { weight: 1, header: `Bearer ${'x'.repeat(9000)}` },
      ],
    });

    const failures: string[] = [];
    const statusCounts = new Map<number, number>();
    const byRoute: Record<string, Record<number, number>> = {};
    let batchesCompared = 0;
    let batchesSkipped = 0;
    let sent = 0;
    let baseline = await fingerprint();
    for (let chunk = 0; sent < RUNS; chunk += 1) {
      const requests = fc.sample(arbitrary, { numRuns: Math.min(CHUNK, RUNS - sent), seed: SEED + chunk });
      for (let start = 0; start < requests.length; start += BATCH) {
        const before = baseline;
        const outcomes: Outcome[] = [];
        for (const request of requests.slice(start, start + BATCH)) {
          const outcome = await send(request, sent);
          outcomes.push(outcome);
          sent += 1;
          statusCounts.set(outcome.status, (statusCounts.get(outcome.status) ?? 0) + 1);
          const perRoute = (byRoute[request.route] ??= {});
          perRoute[outcome.status] = (perRoute[outcome.status] ?? 0) + 1;
          if (outcome.status >= 500) failures.push(`5xx: ${describeRequest(outcome)}`);
          else if (outcome.status >= 400 && request.method !== 'HEAD') {
            if (
              typeof outcome.message !== 'string' ||
              outcome.message.trim() === '' ||
              !outcome.contentType.includes('application/json')
            )
              failures.push(`4xx without a JSON message: ${describeRequest(outcome)}`);
          }
          if (outcome.body.includes(canary))
            failures.push(`served a file outside its folder: ${describeRequest(outcome)}`);
        }
        // Only a batch whose every write was refused must leave the database and the files as they were.
        const wrote = outcomes.some(
          (outcome) => outcome.status < 400 && outcome.request.method !== 'GET' && outcome.request.method !== 'HEAD',
        );
        const readsThatWrite = outcomes.some((o) => o.status < 400 && o.request.route === 'GET /api/account/flows');
        const after = await fingerprint();
        baseline = after;
        if (wrote || readsThatWrite) {
          batchesSkipped += 1;
          continue;
        }
        batchesCompared += 1;
        const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
        if (changed.length > 0) {
          failures.push(
            `refused requests changed ${changed.join(', ')}:\n  ${outcomes
              .filter((o) => o.status >= 400 && o.request.method !== 'GET')
              .map(describeRequest)
              .join('\n  ')}`,
          );
        }
      }
    }

    const summary = {
      seed: SEED,
      sent,
      statuses: Object.fromEntries([...statusCounts.entries()].sort(([x], [y]) => x - y)),
      batchesCompared,
      batchesSkipped,
    };
    if (failures.length > 0)
      console.log(JSON.stringify(summary), `\nreplay: ${REPLAY}\n${failures.slice(0, 40).join('\n')}`);
    expect({ replay: REPLAY, failures }).toEqual({ replay: REPLAY, failures: [] });
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    // Most requests are refused: the run really exercised the refusals, and compared most batches.
    expect(batchesCompared).toBeGreaterThan(batchesSkipped);
    if (process.env.HARDENING_SUMMARY)
      console.log(JSON.stringify({ badInput: { ...summary, routes: Object.keys(byRoute).length } }));
  });

  it('answers the inputs the generator once caught answering 5xx with a 4xx and a message', async () => {
    const { a } = stack;
    const owner = { authorization: `Bearer ${a.owner.token}` };
    const json = (body: unknown) => ({
      headers: { ...owner, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    const boundary = '----regression';
    const truncated = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhalf a fi`,
    );
    // A part with no headers, larger than the parser's 16 KiB buffer, whole in one write: the parser skipped it
    // and then never finished, so the request hung (fixed in patches/@fastify+busboy+*.patch).
    const headerless = Buffer.from(`--${boundary}\r\n\r\n${'A'.repeat(20_000)}\r\n--${boundary}--\r\n`);
    const cases: Array<[string, string, { headers?: Record<string, string>; payload?: string | Buffer }, number]> = [
      // PostgreSQL cannot store NUL: refused before any query.
      [
        'POST',
        '/auth/login',
        {
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'a\u0000b', password: 'x' }),
        },
        400,
      ],
      ['PUT', '/api/user/profile', json({ fullName: 'Zoë\u0000' }), 400],
      [
        'POST',
        '/api/account/users',
        json({ fullName: 'A', title: '\u0000', email: 'n@example.test', password: 'pw' }),
        400,
      ],
      ['PUT', `/api/account/assets/${a.assetIds[0]}`, json({ name: 'a\u0000b' }), 400],
      ['GET', '/api/conversations?q=%00', { headers: owner }, 400],
      // Malformed multipart bodies: no boundary, an empty or wrong one, cut short.
      ...(['/api/account/assets', `/api/conversations/${a.conversationIds[0]}/media`] as const).flatMap(
        (url): Array<[string, string, { headers?: Record<string, string>; payload?: string | Buffer }, number]> => [
          ['POST', url, { headers: { ...owner, 'content-type': 'multipart/form-data' }, payload: 'x' }, 400],
          ['POST', url, { headers: { ...owner, 'content-type': 'multipart/form-data; boundary=' }, payload: 'x' }, 400],
          [
            'POST',
            url,
            { headers: { ...owner, 'content-type': 'multipart/form-data; boundary=nope' }, payload: truncated },
            400,
          ],
          [
            'POST',
            url,
            { headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: truncated },
            400,
          ],
          [
            'POST',
            url,
            { headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: headerless },
            400,
          ],
        ],
      ),
      // A WhatsApp token no HTTP header can carry: Meta's refusal (422), not "Meta unreachable" (502).
      [
        'POST',
        '/api/account/credentials',
        json({ wabaId: '100000000000001', phoneNumberId: '100000000000002', token: 'tökén' }),
        422,
      ],
      // A multipart field is read by the route, not the NUL guard: a NUL caption or replyTo, refused before the
      // file is stored (the caption's was a 500 from PostgreSQL, with the file left behind).
      ...(['caption', 'replyTo'] as const).map(
        (field): [string, string, { headers?: Record<string, string>; payload?: string | Buffer }, number] => [
          'POST',
          `/api/conversations/${a.conversationIds[0]}/media`,
          {
            headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload: Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\na\u0000b\r\n` +
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\n` +
                `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
            ),
          },
          400,
        ],
      ),
      // Dates past the calendar's edges.
      ['GET', '/api/conversations?to=-271821-04-20T00:00:00.000Z', { headers: owner }, 400],
      ['GET', '/api/conversations?from=%2B275760-09-13T00:00:00.000Z', { headers: owner }, 400],
      [
        'GET',
        `/api/conversations?cursor=${Buffer.from(JSON.stringify([1, '+275760-09-13T00:00:00.000Z', a.conversationIds[0]])).toString('base64url')}`,
        { headers: owner },
        400,
      ],
    ];
    const before = await fingerprint();
    const answers = [];
    for (const [method, url, options, expected] of cases) {
      const response = await within(stack.server.app.inject({ method: method as 'GET', url, ...options }), 10_000);
      answers.push({
        method,
        url: url.slice(0, 90),
        status: response?.statusCode ?? 'no answer within 10 s',
        expected,
        message: response ? typeof response.json().message : undefined,
      });
    }
    expect(answers).toEqual(answers.map((answer) => ({ ...answer, status: answer.expected, message: 'string' })));
    // Every case is refused: no row and no file left behind.
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses signed webhooks that are not Meta’s shape without storing anything, and never asks Meta to retry them', async () => {
    const before = await fingerprint();
    const bodies = fc.sample(
      fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        fc.record({
          object: fc.constantFrom('whatsapp_business_account', 'page', 'instagram'),
          entry: fc.oneof(
            fc.jsonValue({ maxDepth: 3 }),
            fc.array(
              fc.record({
                id: fc.oneof(fc.string(), fc.integer()),
                changes: fc.oneof(
                  fc.jsonValue({ maxDepth: 3 }),
                  fc.array(
                    fc.record({
                      field: fc.constantFrom('messages', 'account_update', 'x'),
                      value: fc.record(
                        {
                          messaging_product: fc.constant('whatsapp'),
                          metadata: fc.record({
                            phone_number_id: fc.constantFrom('100000000000002', '1', ''),
                            display_phone_number: fc.string(),
                          }),
                          messages: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
                          statuses: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
                          contacts: fc.jsonValue({ maxDepth: 2 }),
                        },
                        { requiredKeys: [] },
                      ),
                    }),
                    { maxLength: 3 },
                  ),
                ),
              }),
              { maxLength: 3 },
            ),
          ),
        }),
      ),
      { numRuns: 300, seed: SEED },
    );
    const problems: string[] = [];
    for (const value of bodies) {
      const raw = JSON.stringify(value) ?? 'null';
      const response = await stack.server.app.inject({
        method: 'POST',
        url: '/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(raw, APP_SECRET) },
        payload: raw,
      });
      // 200 (acknowledged, ignored) or 400: a 5xx would make Meta deliver the same junk again for days.
      if (response.statusCode >= 500) problems.push(`${response.statusCode} for ${raw.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    const after = await fingerprint();
    // Shapeless payloads store no message and no contact.
    expect({ messages: after.messages, contacts: after.contacts, conversations: after.conversations }).toEqual({
      messages: before.messages,
      contacts: before.contacts,
      conversations: before.conversations,
    });
  });
});
