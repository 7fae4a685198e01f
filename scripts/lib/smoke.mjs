// The smoke check before a version goes live: a private Parley (the built server on a throw-away PGlite with the
// demo account, and the sandbox standing in for Meta) serves the live shell and live remotes with the candidate
// put live in their place, no fallbacks; headless Chromium opens every page the candidate provides and any error
// refuses the deploy. Nothing outside this machine is called and no real data is touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import chromiumFlags from './chromium.cjs';
import paths from './paths.cjs';
import { freePort } from './free-port.cjs';
import pglite from './pglite-template.cjs';
import pointerFile from './pointer.cjs';
import { spawnNode, stopChild, waitForOk } from './processes.cjs';

const { ROOT } = paths;
const { copyMigratedPglite } = pglite;
const { chromiumLaunchOptions } = chromiumFlags;
const RETRY_TEXT = 'This part of Parley could not be loaded.';
const PAGE_TIMEOUT_MS = 60_000;

/** A deployments folder where `name` runs `version` from `candidateDir` and everything else as live (links). */
function smokeDeployments(dir, { deploymentsDir, shellDir, name, version, candidateDir }) {
  const live = pointerFile.readPointer(deploymentsDir);
  const link = (target, remote, v) => {
    fs.mkdirSync(path.join(dir, remote), { recursive: true });
    fs.symlinkSync(path.resolve(target), path.join(dir, remote, v));
  };
  const pointer = { revision: 0, remotes: {} };
  const entries = [...Object.entries(live.remotes), ['shell', live.shell]];
  for (const [remote, entry] of entries) {
    if (remote === name) continue;
    if (remote === 'shell') {
      const shellVersion = entry?.live ?? 'built';
      link(entry?.live ? path.join(deploymentsDir, 'shell', entry.live) : shellDir, 'shell', shellVersion);
      pointer.shell = { live: shellVersion, fallbacks: [], history: [] };
    } else if (entry?.live) {
      link(path.join(deploymentsDir, remote, entry.live), remote, entry.live);
      pointer.remotes[remote] = { live: entry.live, fallbacks: [], history: [] };
    }
  }
  link(candidateDir, name, version);
  const candidate = { live: version, fallbacks: [], history: [] };
  if (name === 'shell') pointer.shell = candidate;
  else pointer.remotes[name] = candidate;
  pointerFile.writePointer(dir, pointer);
}

/** A server's first answer: generous, as a deploy may run on a machine busy with other work. */
const START_TIMEOUT_MS = 180_000;

/** Signs in through the API and gives the browser what the login page would: the token cookie and the session. */
async function signIn(context, baseUrl, { email, password }) {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`smoke sign-in failed: ${response.status}`);
  const { token } = await response.json();
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const { hostname } = new URL(baseUrl);
  await context.addCookies([
    {
      name: 'token',
      value: token,
      domain: hostname,
      path: '/',
      expires: payload.exp,
      secure: true,
      sameSite: 'Strict',
    },
  ]);
  const session = {
    isAuthenticated: true,
    lastLoginDate: payload.lastLoginDate ?? null,
    isOwner: payload.role === 'owner',
  };
  await context.addInitScript(
    (persisted) => {
      // The page only: frames (the sign-up SDK's, sandboxed) may not touch storage.
      if (window.top !== window) return;
      if (!localStorage.getItem('parley')) localStorage.setItem('parley', persisted);
    },
    JSON.stringify({ version: 1, session, onlineUserIds: [], profile: null, assets: [] }),
  );
}

/**
 * A page that opens route after route, as a user's tab moves from page to page, and keeps what went wrong on each
 * (a new page per route started a new renderer that compiled the whole app again: 16 routes took 70 CPU-s of
 * renderers). What happens counts for the route whose document it happens in, from the moment that document
 * replaces the last one: the last route's document may still log while the next one loads. A request counts for the
 * route whose document made it: once the page moves on, what that route still had in flight is cut, which is not a
 * broken release.
 */
function routeChecker(page) {
  let current;
  let next;
  const routeOf = new WeakMap();
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || !next) return;
    current = next;
    next = undefined;
  });
  page.on('pageerror', (error) => current?.problems.push(`threw: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location()?.url ?? '';
    // An API answering 4xx (no WhatsApp connection yet, …) is the page's business, not a broken release.
    // The browser's own favicon request is no page's business either.
    if (/^Failed to load resource/.test(message.text()) && /\/(api|auth|socket\.io)\/|\/favicon\.ico$/.test(url))
      return;
    current?.problems.push(`console error: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  page.on('request', (request) => {
    const route = request.isNavigationRequest() && request.frame() === page.mainFrame() ? (next ?? current) : current;
    if (!route) return;
    routeOf.set(request, route);
    if (request.url().endsWith(route.expectedManifest)) route.candidateLoaded = true;
  });
  page.on('requestfailed', (request) => {
    const route = routeOf.get(request);
    const url = request.url();
    const reason = request.failure()?.errorText ?? 'failed';
    // A call the page itself gave up on (a list reloaded, an aborted fetch) is the page's business too; a script
    // or style that fails is a broken release.
    if (!route || route.done || /\/socket\.io\//.test(url)) return;
    if (/\/(api|auth)\//.test(url) && reason === 'net::ERR_ABORTED') return;
    route.problems.push(`could not load ${url} (${reason})`);
  });

  /** Opens one route and returns what went wrong there (empty = it rendered without an error). */
  return async function checkRoute(baseUrl, route, expectedManifest) {
    const checking = (next = { problems: [], expectedManifest, candidateLoaded: false, done: false });
    try {
      await page.goto(`${baseUrl}${route.path}`);
      const outlet = page.locator('.remote-outlet:not([hidden])');
      const retry = page.getByText(RETRY_TEXT);
      await outlet.or(retry).first().waitFor({ timeout: PAGE_TIMEOUT_MS });
      if (await retry.isVisible()) checking.problems.push('showed "This part of Parley could not be loaded."');
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      if (!checking.candidateLoaded) checking.problems.push(`did not load ${expectedManifest}`);
    } catch (error) {
      checking.problems.push(`did not render: ${error.message.split('\n')[0]}`);
    } finally {
      checking.done = true;
      if (next === checking) next = undefined;
    }
    return checking.problems.map((problem) => `${route.path} (${route.module}): ${problem}`);
  };
}

/**
 * Mounts every page `name@version` provides inside the live setup: for a remote, each exposed module's routes; for
 * the shell, every route. Returns the problems found (empty = may go live) and how many pages were opened.
 */
export async function smokeCheck({ deploymentsDir, shellDir, name, version, candidateDir, pageRoutes }) {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-smoke-'));
  const smokeDir = path.join(dataDir, 'deployments');
  smokeDeployments(smokeDir, { deploymentsDir, shellDir, name, version, candidateDir });
  const { DEMO_LOGINS } = await import(path.join(ROOT, 'server/dist/seed/demo-logins.js'));

  let routes = pageRoutes.filter((route) => !route.path.includes(':'));
  if (name !== 'shell') {
    const manifest = JSON.parse(fs.readFileSync(path.join(candidateDir, 'mf-manifest.json'), 'utf8'));
    const exposed = new Set(
      (manifest.exposes ?? []).map((e) => `${manifest.name}/${(e.path ?? e.name).replace(/^\.\//, '')}`),
    );
    const firstPerModule = new Map();
    for (const route of routes)
      if (exposed.has(route.module) && !firstPerModule.has(route.module)) firstPerModule.set(route.module, route);
    routes = [...firstPerModule.values()];
  }
  const manifestOf = (route) => {
    const remote = route.module.split('/')[0].replace(/_/g, '-');
    const remoteVersion = remote === name ? version : pointerFile.readPointer(smokeDir).remotes[remote]?.live;
    return `/deployments/${remote}/${remoteVersion}/mf-manifest.json`;
  };

  const [port, sandboxPort] = [await freePort(), await freePort()];
  const baseUrl = `http://localhost:${port}`;
  const shared = {
    WHATSAPP_APP_SECRET: 'smoke-secret',
    WHATSAPP_VERIFY_TOKEN: 'smoke-verify',
    FB_APP_ID: '100000000000999',
    FB_CONFIG_ID: '100000000000777',
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
  };
  const output = [];
  const logs = () => output.join('');
  const sandbox = spawnNode('sandbox/dist/main.js', {
    env: {
      ...shared,
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_HOST: '127.0.0.1',
      WEBHOOK_URL: `${baseUrl}/webhooks/whatsapp`,
    },
    sink: output,
  });
  const server = spawnNode('server/dist/main.js', {
    env: {
      ...shared,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      // A migrated database copied, not made: initdb and the migrations would cost the check seconds of CPU.
      PGLITE_DIR: await copyMigratedPglite(path.join(dataDir, 'pglite')),
      STORAGE_DIR: path.join(dataDir, 'files'),
      DEPLOYMENTS_DIR: smokeDir,
      WEB_ROOT: shellDir,
      GRAPH_API_BASE: `http://127.0.0.1:${sandboxPort}/v22.0`,
      FB_SDK_URL: `http://127.0.0.1:${sandboxPort}/sdk.js`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'error',
    },
    sink: output,
  });
  // Chromium starts while the server migrates and seeds its database.
  const launching = chromium.launch({
    ...chromiumLaunchOptions(),
  });
  let browser;
  try {
    const timings = process.env.SMOKE_TIMINGS
      ? (label) => console.error(`  smoke: ${label} at ${Date.now() - started} ms`)
      : () => {};
    await waitForOk(`${baseUrl}/readyz`, server, logs, START_TIMEOUT_MS);
    timings('server ready');
    browser = await launching;
    timings('browser ready');
    const visitor = await browser.newContext();
    const owner = await browser.newContext();
    await signIn(owner, baseUrl, DEMO_LOGINS.owner);
    const [asVisitor, asOwner] = (await Promise.all([visitor.newPage(), owner.newPage()])).map(routeChecker);
    const problems = [];
    timings('signed in');
    for (const route of routes) {
      const checkRoute = route.access === 'public' ? asVisitor : asOwner;
      problems.push(...(await checkRoute(baseUrl, route, manifestOf(route))));
    }
    timings('pages checked');
    return { problems, pages: routes.length };
  } finally {
    await (browser ?? (await launching.catch(() => undefined)))?.close();
    await Promise.all([stopChild(server, 5000), stopChild(sandbox, 5000)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
