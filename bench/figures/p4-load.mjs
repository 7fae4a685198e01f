// P4 cold load: /main in headless Chromium (empty cache every time) until the first conversation row is
// painted, the federated build (shell + remotes from /deployments) beside the same pages built as one bundle
// (bench/single-bundle), both served by a Parley server on the same database; plus the gzipped JS each route
// loads in both builds.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
async function signedInContext(browser, baseUrl, token) {
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

/** The JS a route loads (cold): files and their gzipped size (gzip -6 of each body, as a server would). */
async function routeScripts(browser, baseUrl, route, token) {
  const context = await signedInContext(browser, baseUrl, route.access === 'public' ? null : token);
  const bodies = [];
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok())
        bodies.push(
          response
            .body()
            .then((body) => ({ url: response.url(), body }))
            .catch(() => null),
        );
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
    const files = (await Promise.all(bodies)).filter(Boolean);
    const sized = files.map((file) => ({
      name: new URL(file.url).pathname,
      raw: file.body.length,
      gzip: zlib.gzipSync(file.body).length,
    }));
    const gzip = sized.reduce((sum, file) => sum + file.gzip, 0);
    const raw = sized.reduce((sum, file) => sum + file.raw, 0);
    const largest = [...sized].sort((a, b) => b.gzip - a.gzip).slice(0, 4);
    return {
      files: files.length,
      largest: largest.map((file) => `${file.name.split('/').pop()} ${(file.gzip / 1024).toFixed(0)}`).join(', '),
      gzipKiB: Number((gzip / 1024).toFixed(1)),
      rawKiB: Number((raw / 1024).toFixed(1)),
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
    const federated = await startStack({ db: 'postgres' });
    let single;
    let browser;
    try {
      single = await startStack({
        db: 'postgres',
        databaseUrl: federated.databaseUrl,
        sandboxUrl: federated.sandboxUrl,
        webRoot: SINGLE_BUNDLE_DIST,
        env: { JWT_SECRET: federated.env.JWT_SECRET, ENCRYPTION_KEY: federated.env.ENCRYPTION_KEY },
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
      log(`P4: JS per route (${routes.length} routes × 2 builds)`);
      const perRoute = [];
      for (const route of routes) {
        const a = await routeScripts(browser, targets.federated, route, owner);
        const b = await routeScripts(browser, targets.single, route, owner);
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
        parleyLabel: 'federated build (shell from WEB_ROOT, remotes from /deployments via /remotes.json)',
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
          'JS loaded by /main, gzipped KiB (files)': {
            parley: `${main.federated.gzipKiB} (${main.federated.files})`,
            baseline: `${main.single.gzipKiB} (${main.single.files})`,
            ratio: ratio(main.federated.gzipKiB, main.single.gzipKiB),
          },
          'largest scripts of /main (gzip KiB)': { parley: main.federated.largest, baseline: main.single.largest },
          'single bundle': build.built ? `rebuilt in ${build.seconds.toFixed(1)} s` : 'up to date',
        },
        tables: [
          {
            title: 'JS each route loads (cold, gzip -6 of each script body)',
            columns: [
              'route',
              'access',
              'federated gzip KiB',
              'files',
              'raw KiB',
              'single bundle gzip KiB',
              'files',
              'raw KiB',
            ],
            rows: perRoute.map((entry) => [
              entry.route,
              ROUTES.find((route) => route.path === entry.route).access,
              entry.federated.gzipKiB,
              entry.federated.files,
              entry.federated.rawKiB,
              entry.single.gzipKiB,
              entry.single.files,
              entry.single.rawKiB,
            ]),
          },
        ],
        checks: { 'routes whose page never showed': notReady.length },
        notes: [
          `${size.runs} cold loads each, alternating, each in a new browser context (empty cache), signed in as the demo owner; time from navigation start to the frame after the first row appeared.`,
          ...(notReady.length ? [`Routes whose page never showed: ${notReady.join(', ')}`] : []),
        ],
      };
    } finally {
      await browser?.close();
      await single?.stop();
      await federated.stop();
    }
  },
};
