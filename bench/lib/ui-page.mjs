// The inbox page (built shell + remote-inbox) in headless Chromium with every request answered by
// playwright's page.route from generated data: no server, so only the browser's work is measured.
// (Moved here from ui-scale.mjs, which now calls these; P5 and P6 of run.mjs use them too.)
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './stack.mjs';
import { FIRST_NAMES, LAST_NAMES } from './names.mjs';

export const ORIGIN = 'http://parley.bench';
const TYPES = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
  '.css': 'text/css',
  '.map': 'application/json',
};
const LIST = '[role="list"][aria-label="Conversations"] [role="listitem"]';

// A tiny deterministic generator, so every run sees the same data.
function random(seed) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

export function conversations(count) {
  const next = random(7);
  const now = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length];
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
    return {
      id: `conv-${i}`,
      status: 'active',
      contact: {
        id: `contact-${i}`,
        name: i % 5 === 0 ? null : `${first} ${last} ${i}`,
        profileName: `${first.toLowerCase()}${i}`,
        phone: `+1555${String(i).padStart(7, '0')}`,
        email: i % 3 === 0 ? `${first.toLowerCase()}.${i}@example.com` : null,
      },
      lastMessage: {
        incoming: next() < 0.4,
        timestamp: new Date(now - Math.floor(next() * 90 * 86400_000)).toISOString(),
      },
      createdAt: new Date(now - Math.floor(next() * 365 * 86400_000)).toISOString(),
    };
  });
}

export function messages(conversationId, count) {
  const next = random(11);
  const start = Date.UTC(2024, 0, 1);
  const words = 'order delivery tomorrow thanks price menu table booking address please confirm when ready'.split(' ');
  return Array.from({ length: count }, (_, i) => {
    const outgoing = next() < 0.5;
    const length = 3 + Math.floor(next() * 40);
    const text = Array.from({ length }, () => words[Math.floor(next() * words.length)]).join(' ');
    const at = new Date(start + i * 60_000).toISOString();
    return {
      id: `${conversationId}-m${i}`,
      conversationId,
      type: 'text',
      direction: outgoing ? 'outgoing' : 'incoming',
      content: { text },
      replyTo: i > 10 && i % 17 === 0 ? `${conversationId}-m${i - 7}` : null,
      status: outgoing ? ['sent', 'delivered', 'read'][i % 3] : undefined,
      createdAt: at,
      updatedAt: at,
    };
  });
}

function fakeToken() {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', acc: 'a1', role: 'agent', lastLoginDate: '2025-01-01T00:00:00Z', exp: 4102444800 })}.bench`;
}

const profile = {
  id: 'u1',
  fullName: 'Bench Agent',
  email: 'bench@example.com',
  role: 'agent',
  isOwner: false,
  account: { id: 'a1', name: 'Bench Shop', logo: null },
};

export function matches(conversation, query) {
  const q = query.toLowerCase();
  const { name, profileName, email, phone } = conversation.contact;
  return [name, profileName, email, phone].some((value) => value && value.toLowerCase().includes(q));
}

function staticFile(root, relative) {
  const file = path.join(root, relative);
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return undefined;
  return { body: fs.readFileSync(file), contentType: TYPES[path.extname(file)] ?? 'application/octet-stream' };
}

/** Answers every request of the page: shell and remote files from their dist folders, the API from `data`. */
async function serve(page, data) {
  const shellDist = path.join(ROOT, 'shell/dist');
  const inboxDist = path.join(ROOT, 'remote-inbox/dist');
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const { pathname } = url;
    if (url.origin !== ORIGIN || pathname.startsWith('/socket.io')) return route.abort();
    if (pathname === '/remotes.json')
      return route.fulfill({ json: { baseUrl: '/deployments', remotes: { 'remote-inbox': { live: 'bench' } } } });
    if (pathname.startsWith('/deployments/remote-inbox/bench/')) {
      const file = staticFile(inboxDist, pathname.slice('/deployments/remote-inbox/bench/'.length));
      return file ? route.fulfill(file) : route.fulfill({ status: 404 });
    }
    if (pathname === '/api/user/profile') return route.fulfill({ json: profile });
    if (pathname === '/api/conversations') {
      const q = url.searchParams.get('q');
      const status = url.searchParams.get('status');
      const list = data.conversations.filter((c) => c.status === status && (!q || matches(c, q)));
      return route.fulfill({ json: { list, nextCursor: null } });
    }
    const detail = pathname.match(/^\/api\/conversations\/([^/]+)$/);
    if (detail) {
      const body = data.details.get(decodeURIComponent(detail[1]));
      return body
        ? route.fulfill({ body, contentType: 'application/json' })
        : route.fulfill({ status: 404, json: { message: 'Not found' } });
    }
    if (pathname.startsWith('/api/')) return route.fulfill({ json: [] });
    const file = staticFile(shellDist, pathname.slice(1)) ?? staticFile(shellDist, 'index.html');
    return route.fulfill(file);
  });
}

export function detailBody(conversation, count) {
  return JSON.stringify({
    ...conversation,
    messages: messages(conversation.id, count),
    hasMore: false,
    canSendFreeForm: true,
  });
}

export async function openDashboard(browser, data) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'token', value: fakeToken(), url: ORIGIN }]);
  await context.addInitScript(
    (stored) => localStorage.setItem('parley', stored),
    JSON.stringify({
      version: 1,
      session: { isAuthenticated: true, lastLoginDate: null, isOwner: false },
      onlineUserIds: [],
      profile,
      assets: [],
    }),
  );
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await serve(page, data);
  await page.goto(`${ORIGIN}/main`);
  await page.locator(LIST).first().waitFor({ timeout: 60_000 });
  return { context, page, errors };
}

/** In the page: types `query` into the search box and waits for the frame that shows exactly `expected`. */
export async function timeFilter(page, query, expected) {
  return page.evaluate(
    async ({ query, expected }) => {
      const input = document.querySelector('input[aria-label="Search conversations"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      // Only the rows on screen exist (virtualised): they must be the first expected ones, and all of them
      // when the result is short.
      const shows = () => {
        const labels = [
          ...document.querySelectorAll('[role="list"][aria-label="Conversations"] [role="listitem"]'),
        ].map((row) => row.getAttribute('aria-label'));
        if (!labels.length || (expected.length <= labels.length && labels.length !== expected.length)) return false;
        return labels.every((label, index) => label === expected[index]);
      };
      const started = performance.now();
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve, reject) => {
        const check = () => {
          if (shows()) resolve();
          else if (performance.now() - started > 30_000)
            reject(new Error(`the list never showed the ${expected.length} matches of "${query}"`));
          else requestAnimationFrame(check);
        };
        check();
      });
      // Until the frame with the result has been painted.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - started;
    },
    { query, expected },
  );
}

export async function clearFilter(page) {
  await page.evaluate(() => {
    const input = document.querySelector('input[aria-label="Search conversations"]');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(
    () => document.querySelectorAll('[role="list"][aria-label="Conversations"] [role="listitem"]').length > 5,
  );
  await page.waitForTimeout(600); // let the debounced server refetch land before the next run
}

/** In the page: clicks the row and waits for the frame that shows the newest message at the bottom. */
export async function timeOpen(page, label, lastMessageId) {
  return page.evaluate(
    async ({ label, lastMessageId }) => {
      const row = document.querySelector(`[role="listitem"][aria-label="${label}"]`);
      const started = performance.now();
      row.click();
      await new Promise((resolve, reject) => {
        const check = () => {
          const log = document.querySelector('[role="log"][aria-label="Messages"]');
          const last = document.querySelector(`[data-message-id="${lastMessageId}"]`);
          const atBottom = log && log.scrollHeight - log.scrollTop - log.clientHeight < 100;
          if (last && atBottom) resolve();
          else if (performance.now() - started > 60_000)
            reject(new Error(`message ${lastMessageId} never showed at the bottom`));
          else requestAnimationFrame(check);
        };
        check();
      });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - started;
    },
    { label, lastMessageId },
  );
}

export function labelOf(conversation) {
  return conversation.contact.name || conversation.contact.profileName || conversation.contact.phone;
}

export function sortForList(list) {
  return [...list].sort(
    (a, b) =>
      Number(b.lastMessage.incoming) - Number(a.lastMessage.incoming) ||
      Date.parse(b.lastMessage.timestamp) - Date.parse(a.lastMessage.timestamp) ||
      (a.id < b.id ? -1 : 1),
  );
}

/** Filter keystroke → painted list, `runs` times, on a dashboard holding `count` conversations. */
export async function filterScenario(browser, count, query, runs) {
  const list = conversations(count);
  const { context, page, errors } = await openDashboard(browser, { conversations: list, details: new Map() });
  const expected = sortForList(list.filter((c) => matches(c, query))).map(labelOf);
  const times = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      times.push(await timeFilter(page, query, expected));
      await clearFilter(page);
    }
  } finally {
    await context.close();
  }
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  return { times, matches: expected.length };
}

/** Click → the newest of `messageCount` messages painted at the bottom, `runs` times (another chat between). */
export async function openScenario(browser, messageCount, runs, screenshot) {
  const list = conversations(50);
  const sorted = sortForList(list);
  const [target, other] = sorted;
  const details = new Map([
    [target.id, detailBody(target, messageCount)],
    [other.id, detailBody(other, 5)],
  ]);
  const { context, page, errors } = await openDashboard(browser, { conversations: list, details });
  const times = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      times.push(await timeOpen(page, labelOf(target), `${target.id}-m${messageCount - 1}`));
      await timeOpen(page, labelOf(other), `${other.id}-m4`);
    }
    if (screenshot) {
      await timeOpen(page, labelOf(target), `${target.id}-m${messageCount - 1}`);
      await page.screenshot({ path: `${screenshot}-${messageCount}.png` });
    }
  } finally {
    await context.close();
  }
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  return { times, bytes: details.get(target.id).length };
}

/** JS heap in use (bytes) after a full garbage collection, through the DevTools protocol. */
export async function heapAfterGc(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Heap of the dashboard showing `count` conversations (list loaded and painted). */
export async function dashboardHeap(browser, count) {
  const { context, page, errors } = await openDashboard(browser, {
    conversations: conversations(count),
    details: new Map(),
  });
  let heap;
  try {
    await page.waitForTimeout(500);
    heap = await heapAfterGc(page);
  } finally {
    await context.close();
  }
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  return heap;
}

/** Baseline: a blank page of the same origin holding the same list answer, parsed, and nothing else. */
export async function plainDataHeap(browser, count) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const body = JSON.stringify({ list: conversations(count).filter((c) => c.status === 'active'), nextCursor: null });
    await page.route('**/*', (route) =>
      new URL(route.request().url()).pathname === '/data.json'
        ? route.fulfill({ body, contentType: 'application/json' })
        : route.fulfill({ body: '<!doctype html><title>data</title>', contentType: 'text/html' }),
    );
    await page.goto(`${ORIGIN}/blank`);
    await page.evaluate(async () => {
      window.held = await (await fetch('/data.json')).json();
    });
    return await heapAfterGc(page);
  } finally {
    await context.close();
  }
}
