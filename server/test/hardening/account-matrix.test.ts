/**
 * Account matrix: account B's owner and agent try every route that takes an id (from the live route table) with
 * each of account A's ids — contacts, conversations, messages, assets, forms, users — and with A's ids inside
 * their own bodies. The answer is 403/404 (or a 4xx refusal), never A's data, and A's world is unchanged after.
 * Socket rooms likewise: B never receives A's events.
 */
import type { InjectOptions } from 'fastify';
import type { Socket } from 'socket.io-client';
import {
  multipartBody,
  samplePng,
  startHardeningStack,
  waitFor,
  type AccountWorld,
  type HardeningStack,
  STACK_START_MS,
} from './hardening-stack';

let stack: HardeningStack;
let png: Buffer;

beforeAll(async () => {
  stack = await startHardeningStack();
  png = await samplePng();
}, STACK_START_MS);
afterAll(() => stack?.close());

/** Every id of an account, whatever its kind: each id-taking route is tried with all of them. */
const idsOf = (world: AccountWorld) => [
  ...world.contactIds,
  ...world.conversationIds,
  ...world.messages.map((m) => m.id),
  ...world.assetIds,
  ...world.flowIds,
  world.owner.id,
  world.agent.id,
  world.suspended.id,
  world.accountId,
];

/** A body the route would accept from B for B's own objects: only the foreign id can make it fail. */
function validBody(method: string, url: string, own: AccountWorld): InjectOptions['payload'] | 'multipart' | undefined {
  const key = `${method} ${url}`;
  const bodies: Record<string, unknown> = {
    'POST /api/conversations/:id': { text: 'Hello from B' },
    'POST /api/conversations/:id/location': { latitude: 38.7, longitude: -9.1, name: 'Shop' },
    'POST /api/conversations/:id/template': { name: 'hello_world', language: 'en_US' },
    'POST /api/conversations/:id/asset': { id: own.assetIds[0] },
    'POST /api/conversations/:id/flow': { flowId: own.flowIds[0] },
    'PUT /api/conversations/:id/status': { status: 'closed' },
    'PUT /api/account/assets/:id': { name: 'Renamed by B', description: 'B was here' },
    'POST /api/account/flows/:id': { body: 'Changed by B', ctaText: 'Open' },
    'PUT /api/account/users/:id': { fullName: 'Renamed by B', title: 'Intruder' },
    'PUT /api/account/users/:id/status': { status: 'hold' },
    'PUT /api/account/saved-replies/:id': { shortcut: 'from-b', text: 'Changed by B' },
    'PUT /api/account/labels/:id': { name: 'From B', colour: 'red' },
    'PUT /api/conversations/:id/assignee': { userId: null },
    'POST /api/conversations/:id/notes': { text: 'A note from B' },
  };
  if (key === 'POST /api/conversations/:id/media') return 'multipart';
  return key in bodies ? JSON.stringify(bodies[key]) : undefined;
}

async function inject(method: string, url: string, token: string, payload?: InjectOptions['payload'] | 'multipart') {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: InjectOptions['payload'] | undefined;
  if (payload === 'multipart') {
    const form = multipartBody([{ field: 'file', fileName: 'photo.png', type: 'image/png', bytes: png }]);
    headers['content-type'] = form.contentType;
    body = form.body;
  } else if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    body = payload;
  }
  const response = await stack.server.app.inject({
    method: method as InjectOptions['method'],
    url,
    headers,
    payload: body,
  });
  return { status: response.statusCode, text: response.body };
}

/** What A looks like through A's own eyes: compared before and after B's attempts. */
async function snapshotOf(world: AccountWorld) {
  const get = async (url: string) => (await inject('GET', url, world.owner.token)).text;
  const snapshot: Record<string, string> = {
    conversations: await get('/api/conversations?limit=1000'),
    contacts: await get('/api/contacts?limit=100'),
    assets: await get('/api/account/assets?limit=100'),
    users: await get('/api/account/users?limit=100'),
    flows: await get('/api/account/flows'),
    profile: await get('/api/user/profile'),
    roundRobin: await get('/api/account/round-robin'),
  };
  for (const id of world.conversationIds) snapshot[`conversation ${id}`] = await get(`/api/conversations/${id}`);
  return snapshot;
}

/** A's texts, file tokens and ids found in `text`, except those the caller sent itself. */
const leaks = (text: string, world: AccountWorld, sent: string[] = []) =>
  [...world.secrets, ...world.assetFileTokens, ...idsOf(world)].filter(
    (secret) => !sent.includes(secret) && text.includes(secret),
  );

/** Parameterised routes that are capability links by design: the unguessable token in the URL is the permission. */
const CAPABILITY_ROUTES = new Set([
  '/api/files/assets/:token',
  '/api/files/assets/:token/thumbnail',
  '/api/files/flow-previews/:token',
]);

/** Every id-taking route, in a stable order. */
const idRoutes = () =>
  stack.server.app
    .listRouteAccess()
    .filter((route) => route.url.includes('/:') && !CAPABILITY_ROUTES.has(route.url) && route.method !== 'HEAD')
    .sort((x, y) => `${x.method} ${x.url}`.localeCompare(`${y.method} ${y.url}`));

/**
 * The sweep (over a thousand requests) runs in parts, each within the usual time limit for a test on a busy
 * machine; the last test checks the whole: every route tried, and A's world unchanged.
 */
const PARTS = 4;

describe('account matrix over the live route table', () => {
  let before: Awaited<ReturnType<typeof snapshotOf>>;
  let tried = 0;
  const routesTried = new Set<string>();
  beforeAll(async () => {
    before = await snapshotOf(stack.a);
  });

  it.each(Array.from({ length: PARTS }, (_, part) => [part + 1]))(
    `refuses every id-taking route to the other account, with 403/404 and none of its data (part %i of ${PARTS})`,
    async (part) => {
      const { a, b } = stack;
      const routes = idRoutes().filter((_, index) => index % PARTS === part - 1);
      const problems: string[] = [];
      for (const route of routes) {
        routesTried.add(`${route.method} ${route.url}`);
        const params = route.url.match(/:[A-Za-z]+/g) ?? [];
        // Every param takes each of A's ids in turn, the other params B's own matching ids (so only one is foreign).
        const ownFor = (param: string, pattern: string) => {
          if (param === ':messageId') return b.messages[0].id;
          if (pattern.startsWith('/api/conversations')) return b.conversationIds[0];
          if (pattern.startsWith('/api/messages') || pattern.startsWith('/api/files/messages')) return b.messages[0].id;
          return b.contactIds[0];
        };
        for (const foreignParam of params) {
          for (const foreignId of idsOf(a)) {
            let url = route.url;
            for (const param of params)
              url = url.replace(param, param === foreignParam ? foreignId : ownFor(param, route.url));
            for (const caller of [b.owner, b.agent]) {
              const answer = await inject(route.method, url, caller.token, validBody(route.method, route.url, b));
              tried += 1;
              const where = `${route.method} ${url} as B's ${caller === b.owner ? 'owner' : 'agent'}`;
              const allowed = route.access === 'owner' && caller === b.agent ? [403] : [403, 404];
              if (!allowed.includes(answer.status))
                problems.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
              const leaked = leaks(answer.text, a, [foreignId]);
              if (leaked.length > 0) problems.push(`${where}: answer shows A's ${leaked.join(', ')}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('tried every id-taking route, and A’s world is unchanged after all of B’s attempts', async () => {
    const routes = idRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(18);
    expect([...routesTried].sort()).toEqual(routes.map((route) => `${route.method} ${route.url}`).sort());
    if (process.env.HARDENING_SUMMARY) console.log(JSON.stringify({ accountMatrix: { routes: routes.length, tried } }));
    expect(tried).toBeGreaterThan(500);
    expect(await snapshotOf(stack.a)).toEqual(before);
  });

  it('refuses A’s ids inside B’s own requests (asset, form, quoted message)', async () => {
    const { a, b } = stack;
    const conversation = b.conversationIds[0];
    const attempts: Array<[string, string, unknown]> = [
      ...a.assetIds.map((id): [string, string, unknown] => [
        'POST',
        `/api/conversations/${conversation}/asset`,
        { id },
      ]),
      ...a.flowIds.map((flowId): [string, string, unknown] => [
        'POST',
        `/api/conversations/${conversation}/flow`,
        { flowId },
      ]),
      ...a.messages.map((m): [string, string, unknown] => [
        'POST',
        `/api/conversations/${conversation}`,
        { text: 'quoting A', replyTo: m.id },
      ]),
    ];
    const before = (await inject('GET', `/api/conversations/${conversation}`, b.owner.token)).text;
    const problems: string[] = [];
    for (const [method, url, body] of attempts) {
      const answer = await inject(method, url, b.agent.token, JSON.stringify(body));
      if (![400, 404].includes(answer.status))
        problems.push(`${method} ${url} ${JSON.stringify(body)}: ${answer.status}`);
      const leaked = leaks(answer.text, a, Object.values(body as Record<string, string>));
      if (leaked.length > 0) problems.push(`${method} ${url}: leaks ${leaked.join(', ')}`);
    }
    expect(problems).toEqual([]);
    // Nothing was queued in B's conversation either.
    expect((await inject('GET', `/api/conversations/${conversation}`, b.owner.token)).text).toBe(before);
  });

  it('shows B none of A’s data on any list or read route, even when searching for A’s customers', async () => {
    const { a, b } = stack;
    const reads = stack.server.app
      .listRouteAccess()
      .filter((route) => route.method === 'GET' && !route.url.includes(':') && !route.url.includes('*'))
      .filter((route) => route.access === 'user' || route.access === 'owner');
    expect(reads.length).toBeGreaterThanOrEqual(7);
    const problems: string[] = [];
    const searches = a.customerPhones.flatMap((phone) => [`?q=${phone}`, `?customer=${encodeURIComponent('Alpha')}`]);
    for (const route of reads) {
      for (const query of ['', '?limit=100', ...(route.url === '/api/conversations' ? searches : [])]) {
        const answer = await inject('GET', `${route.url}${query}`, b.owner.token);
        if (answer.status !== 200) problems.push(`${route.url}${query}: ${answer.status}`);
        const leaked = leaks(answer.text, a);
        if (leaked.length > 0) problems.push(`${route.url}${query}: shows A's ${leaked.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lets B’s owner change only B’s own round robin setting', async () => {
    const { a, b } = stack;
    const before = (await inject('GET', '/api/account/round-robin', a.owner.token)).text;
    for (const roundRobin of [true, false, true]) {
      const answer = await inject('PUT', '/api/account/round-robin', b.owner.token, JSON.stringify({ roundRobin }));
      expect(answer).toEqual({ status: 200, text: JSON.stringify({ roundRobin }) });
    }
    expect((await inject('GET', '/api/account/round-robin', a.owner.token)).text).toBe(before);
    await inject('PUT', '/api/account/round-robin', b.owner.token, JSON.stringify({ roundRobin: false }));
  });

  it('lets B add a contact with the phone of A’s customer (no 409 that would reveal A’s contacts)', async () => {
    const answer = await inject(
      'POST',
      '/api/contacts',
      stack.b.owner.token,
      JSON.stringify({ name: 'Same person, other shop', phone: `+${stack.a.customerPhones[0]}` }),
    );
    expect(answer.status).toBe(201);
  });
});

describe('socket rooms', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((socket) => socket.close()));

  const record = async (token: string) => {
    const socket = await stack.openSocket(token);
    sockets.push(socket);
    const events: Array<{ event: string; payload: any }> = [];
    socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
    return { socket, events };
  };

  it('B’s agent and owner receive B’s events and never A’s, whatever they ask to join', async () => {
    const { a, b } = stack;
    const aOwner = await record(a.owner.token);
    const bAgent = await record(b.agent.token);
    const bOwner = await record(b.owner.token);
    // A client cannot talk its way into another room.
    for (const { socket } of [bAgent, bOwner]) {
      for (const event of ['join', 'subscribe', 'joinRoom', 'room']) {
        socket.emit(event, `account:${a.accountId}`);
        socket.emit(event, { room: `account:${a.accountId}`, accountId: a.accountId });
      }
    }

    const aText = `for A only ${Date.now()}`;
    stack.sandbox.inbound({
      from: `+${a.customerPhones[0]}`,
      type: 'text',
      text: aText,
      phoneNumberId: a.phoneNumberId,
    } as never);
    const bText = `for B only ${Date.now()}`;
    stack.sandbox.inbound({
      from: `+${b.customerPhones[0]}`,
      type: 'text',
      text: bText,
      phoneNumberId: b.phoneNumberId,
    } as never);
    const hasText = (events: typeof aOwner.events, text: string) =>
      events.some((e) => e.event === 'message' && e.payload?.message?.content?.text === text);
    await waitFor(async () => hasText(aOwner.events, aText), 'A’s event at A');
    await waitFor(async () => hasText(bAgent.events, bText) && hasText(bOwner.events, bText), 'B’s event at B');
    // A's answer goes out too (outgoing message events and its statuses).
    const sent = await inject(
      'POST',
      `/api/conversations/${a.conversationIds[0]}`,
      a.owner.token,
      JSON.stringify({ text: 'A answers' }),
    );
    expect(sent.status).toBe(201);
    await waitFor(async () => hasText(aOwner.events, 'A answers'), 'A’s outgoing event');
    await stack.sandbox.waitForIdle(10_000);

    for (const recorder of [bAgent, bOwner]) {
      const fromA = recorder.events.filter(
        (e) =>
          (e.event === 'message' && a.conversationIds.includes(e.payload?.conversationId)) ||
          leaks(JSON.stringify(e.payload ?? null), a).length > 0,
      );
      expect(fromA).toEqual([]);
      const onlineLists = recorder.events.filter((e) => e.event === 'getOnline').map((e) => e.payload as string[]);
      expect(onlineLists.flat().filter((id) => [a.owner.id, a.agent.id].includes(id))).toEqual([]);
    }
  });
});
