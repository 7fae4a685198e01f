// P4 cold load: /main in headless Chromium (empty cache every time) until the first conversation row is
// painted, the federated build (shell + remotes from /deployments) beside the same pages built as one bundle
// (bench/single-bundle), both served by a Parley server on the same database; plus the bytes each route receives
// on the wire (cold) in both builds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import preview from '../../scripts/lib/preview.cjs';
import { launchBrowser } from '../lib/browser.mjs';
import { createClient } from '../lib/parley-client.mjs';
import { sendPaced } from '../lib/paced-sender.mjs';
import { ensureSingleBundle, SINGLE_BUNDLE_DIST } from '../lib/single-bundle.mjs';
import { APP_SECRET, ROOT, startStack } from '../lib/stack.mjs';
import { ratio, summarise } from '../lib/stats.mjs';
import { signedTextWebhook, WEBHOOK_PATH } from '../lib/webhook.mjs';

const FIRST_ROW = '[role="list"][aria-label="Conversations"] [role="listitem"]';
const ROUTES = JSON.parse(fs.readFileSync(path.join(ROOT, 'shell/src/routes/page-routes.json'), 'utf8'));

/** A browser context signed in like the login page leaves it (token cookie + persisted session). */
export async function signedInContext(browser, baseUrl, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (!token) return context;
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  await context.addCookies([
    {
      name: 'token',
      value: token,
      domain: new URL(baseUrl).hostname,
      path: '/',
      expires: payload.exp,
      secure: true,
      sameSite: 'Strict',
    },
  ]);
  await context.addInitScript(
    (session) =>
      localStorage.setItem(
        'parley',
        JSON.stringify({ version: 1, session, onlineUserIds: [], profile: null, assets: [] }),
      ),
    { isAuthenticated: true, lastLoginDate: payload.lastLoginDate ?? null, isOwner: payload.role === 'owner' },
  );
  return context;
}

/**
 * JS on the wire per route (KiB) before issue #19, federated build, from a P4 run of that build (nothing was
 * compressed then, so this is also its raw size): the figures the issue's targets compare against.
 */
const BEFORE_ISSUE_19 = {
  '/': 3054.9,
  '/login': 3054.9,
  '/forgot-password': 3056.5,
  '/signup': 3055.5,
  '/verify': 3055.9,
  '/terms-of-service': 3067.3,
  '/main': 3168.9,
  '/profile': 3067.6,
  '/contacts': 3060.6,
  '/assets': 3073,
  '/forms': 3066.8,
  '/users': 3068.6,
  '/credential': 3065.3,
};
/** Issue #19's targets for the JS a cold load receives (KiB on the wire). */
const TARGET_JS_KIB = { '/login': 200, '/main': 450 };

/** A link slower than loopback, where bytes cost time: 10 Mbit/s down, 5 up, 40 ms round trip. */
const BROADBAND = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8 };

/** ms from navigation start to the frame after the first conversation row appeared. */
async function coldLoad(browser, baseUrl, token, network = null) {
  const context = await signedInContext(browser, baseUrl, token);
  try {
    await context.addInitScript((selector) => {
      const check = () => {
        if (window.__firstRowAt || !document.querySelector(selector)) return;
        window.__firstRowAt = performance.now();
        requestAnimationFrame(() => setTimeout(() => (window.__paintedAt = performance.now()), 0));
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    }, FIRST_ROW);
    const page = await context.newPage();
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', network);
    }
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/main`);
    await page.waitForFunction(() => window.__paintedAt, null, { timeout: 60_000 });
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return page.evaluate(() => window.__paintedAt);
  } finally {
    await context.close();
  }
}

/**
 * What a route costs on the wire, cold: every response's `encodedDataLength` from Chromium's network log
 * (CDP `Network.loadingFinished`, the bytes actually received, compressed or not, headers included), split into
 * scripts and everything; plus the scripts' uncompressed size and any script URL fetched twice.
 */
export async function routeBytes(browser, baseUrl, route, token) {
  const context = await signedInContext(browser, baseUrl, route.access === 'public' ? null : token);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (event) =>
      requests.set(event.requestId, { url: event.request.url, type: event.type }),
    );
    cdp.on('Network.responseReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) Object.assign(request, { type: event.type, status: event.response.status });
    });
    cdp.on('Network.dataReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.decoded = (request.decoded ?? 0) + event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.wire = event.encodedDataLength;
    });
    await page.goto(`${baseUrl}${route.path}`);
    const ready = await page
      .locator('.remote-outlet:not([hidden])')
      .first()
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    await page.waitForTimeout(1000); // lazy chunks a page asks for right after mounting
    const finished = [...requests.values()].filter((request) => request.wire != null);
    const scripts = finished.filter((request) => request.type === 'Script');
    const sum = (list, key) => list.reduce((total, request) => total + (request[key] ?? 0), 0);
    const kib = (bytes) => Number((bytes / 1024).toFixed(1));
    const urls = scripts.map((request) => request.url);
    const twice = urls.filter((url, index) => urls.indexOf(url) !== index);
    const largest = [...scripts].sort((a, b) => b.wire - a.wire).slice(0, 4);
    return {
      files: scripts.length,
      largest: largest
        .map((request) => `${new URL(request.url).pathname.split('/').pop()} ${kib(request.wire).toFixed(0)}`)
        .join(', '),
      jsWireKiB: kib(sum(scripts, 'wire')),
      jsRawKiB: kib(sum(scripts, 'decoded')),
      allWireKiB: kib(sum(finished, 'wire')),
      requests: finished.length,
      scriptsTwice: twice.length,
      ready,
    };
  } finally {
    await context.close();
  }
}

export default {
  id: 'P4',
  title: 'Cold load of /main to the first conversation row: federated vs one bundle',
  async run({ sizes, log }) {
    const size = sizes.p4;
    const build = ensureSingleBundle(log);
    log('P4: starting Parley (PostgreSQL) twice on one database: the federated shell, and the single bundle');
    // The working tree's builds, live in a private folder (like the e2e stacks), whatever deployments/ has live;
    // the single bundle gets an empty one, or the server would serve the deployed federated shell instead of it.
    const folders = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-p4-'));
    const federatedDeployments = path.join(folders, 'federated');
    const singleDeployments = path.join(folders, 'single');
    fs.mkdirSync(singleDeployments, { recursive: true });
    preview.previewDeployments(federatedDeployments);
    const federated = await startStack({ db: 'postgres', env: { DEPLOYMENTS_DIR: federatedDeployments } });
    let single;
    let browser;
    try {
      single = await startStack({
        db: 'postgres',
        databaseUrl: federated.databaseUrl,
        sandboxUrl: federated.sandboxUrl,
        webRoot: SINGLE_BUNDLE_DIST,
        env: {
          JWT_SECRET: federated.env.JWT_SECRET,
          ENCRYPTION_KEY: federated.env.ENCRYPTION_KEY,
          DEPLOYMENTS_DIR: singleDeployments,
        },
      });
      const api = createClient(federated.apiUrl);
      const owner = await api.loginOwner();
      await api.connectWhatsApp(owner);
      const customers = size.runs > 1 ? 200 : 20;
      const seeded = await sendPaced({
        url: federated.apiUrl,
        path: WEBHOOK_PATH,
        rate: 100,
        count: customers,
        build: (seq, sentAtMs) =>
          signedTextWebhook({ appSecret: APP_SECRET, runId: `p4-${Date.now()}`, seq, customer: seq, sentAtMs }),
      });
      if (seeded.ok !== customers) throw new Error(`only ${seeded.ok} of ${customers} seed messages stored`);

      browser = await launchBrowser();
      const targets = { federated: federated.baseUrl, single: single.baseUrl };
      // One unmeasured load each (Chromium's own start-up, server JIT), then alternate.
      for (const url of Object.values(targets)) await coldLoad(browser, url, owner);
      const times = { federated: [], single: [] };
      const slow = { federated: [], single: [] };
      log(`P4: ${size.runs} cold loads of each build on loopback, then on a 10 Mbit/s, 40 ms link`);
      for (let run = 0; run < size.runs; run += 1) {
        for (const name of run % 2 === 0 ? ['federated', 'single'] : ['single', 'federated'])
          times[name].push(await coldLoad(browser, targets[name], owner));
      }
      for (let run = 0; run < size.runs; run += 1) {
        for (const name of run % 2 === 0 ? ['federated', 'single'] : ['single', 'federated'])
          slow[name].push(await coldLoad(browser, targets[name], owner, BROADBAND));
      }
      const routes = ROUTES.filter((route) => !size.routes || size.routes.includes(route.path));
      log(`P4: bytes on the wire per route (${routes.length} routes × 2 builds)`);
      const perRoute = [];
      for (const route of routes) {
        const a = await routeBytes(browser, targets.federated, route, owner);
        const b = await routeBytes(browser, targets.single, route, owner);
        perRoute.push({ route: route.path, federated: a, single: b });
      }
      const main = perRoute.find((entry) => entry.route === '/main');
      const parley = summarise(times.federated, 1);
      const baseline = summarise(times.single, 1);
      const parleySlow = summarise(slow.federated, 1);
      const baselineSlow = summarise(slow.single, 1);
      const notReady = perRoute
        .filter((entry) => !entry.federated.ready || !entry.single.ready)
        .map((entry) => entry.route);
      return {
        parleyLabel: "federated build (the working tree's shell and remotes, live in a private deployments folder)",
        baselineLabel: 'the same shell and pages as one rspack bundle without Module Federation (bench/single-bundle)',
        rows: [
          {
            label: `cold load /main → first conversation row painted (${customers} conversations)`,
            unit: 'ms',
            parley,
            baseline,
            ratio: { median: ratio(parley.median, baseline.median), p99: ratio(parley.p99, baseline.p99) },
          },
          {
            label: 'the same over a 10 Mbit/s link with 40 ms round trips (DevTools network emulation)',
            unit: 'ms',
            parley: parleySlow,
            baseline: baselineSlow,
            ratio: {
              median: ratio(parleySlow.median, baselineSlow.median),
              p99: ratio(parleySlow.p99, baselineSlow.p99),
            },
          },
        ],
        facts: {
          'JS received by /main, KiB on the wire (files)': {
            parley: `${main.federated.jsWireKiB} (${main.federated.files})`,
            baseline: `${main.single.jsWireKiB} (${main.single.files})`,
            ratio: ratio(main.federated.jsWireKiB, main.single.jsWireKiB),
          },
          'everything received by /main, KiB on the wire (requests)': {
            parley: `${main.federated.allWireKiB} (${main.federated.requests})`,
            baseline: `${main.single.allWireKiB} (${main.single.requests})`,
            ratio: ratio(main.federated.allWireKiB, main.single.allWireKiB),
          },
          ...Object.fromEntries(
            Object.entries(TARGET_JS_KIB).map(([route, target]) => {
              const entry = perRoute.find((candidate) => candidate.route === route);
              return [
                `JS received by ${route}, KiB on the wire: before #19 → now (target ≤ ${target})`,
                entry
                  ? `${BEFORE_ISSUE_19[route]} → ${entry.federated.jsWireKiB} (${entry.federated.jsWireKiB <= target ? 'met' : 'not met'})`
                  : '–',
              ];
            }),
          ),
          'largest scripts of /main (KiB on the wire)': {
            parley: main.federated.largest,
            baseline: main.single.largest,
          },
          'single bundle': build.built ? `rebuilt in ${build.seconds.toFixed(1)} s` : 'up to date',
        },
        tables: [
          {
            title:
              'What each route receives, cold (CDP Network.loadingFinished encodedDataLength: bytes on the wire, headers included; raw = scripts decoded)',
            columns: [
              'route',
              'access',
              'before #19 JS wire KiB',
              'federated JS wire KiB',
              'files',
              'JS raw KiB',
              'all wire KiB',
              'single bundle JS wire KiB',
              'files',
              'JS raw KiB',
              'all wire KiB',
            ],
            rows: perRoute.map((entry) => [
              entry.route,
              ROUTES.find((route) => route.path === entry.route).access,
              BEFORE_ISSUE_19[entry.route] ?? '–',
              entry.federated.jsWireKiB,
              entry.federated.files,
              entry.federated.jsRawKiB,
              entry.federated.allWireKiB,
              entry.single.jsWireKiB,
              entry.single.files,
              entry.single.jsRawKiB,
              entry.single.allWireKiB,
            ]),
          },
        ],
        checks: {
          'routes whose page never showed': notReady.length,
          'script URLs fetched twice by one route (federated)': perRoute.reduce(
            (total, entry) => total + entry.federated.scriptsTwice,
            0,
          ),
        },
        notes: [
          `${size.runs} cold loads each, alternating, each in a new browser context (empty cache), signed in as the demo owner; time from navigation start to the frame after the first row appeared.`,
          ...(notReady.length ? [`Routes whose page never showed: ${notReady.join(', ')}`] : []),
        ],
      };
    } finally {
      await browser?.close();
      await single?.stop();
      await federated.stop();
      fs.rmSync(folders, { recursive: true, force: true });
    }
  },
};
