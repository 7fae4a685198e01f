/**
 * Serves the web app from this server:
 * - `/remotes.json` = DEPLOYMENTS_DIR/remotes.json, `Cache-Control: no-cache` (the live-version pointer);
 * - `/deployments/<remote>/<version>/...` from DEPLOYMENTS_DIR, immutable (versions never change);
 * - the live shell at `/` (DEPLOYMENTS_DIR/shell/<live>/ once the shell is deployed, else WEB_ROOT, see
 *   live-shell.ts): content-hashed files cached for a year, everything else (index.html first) revalidated on
 *   every load;
 * - history fallback: any other GET that accepts text/html and is not an API-ish path gets index.html, so
 *   client routes like /main survive a reload.
 * Files are sent as their brotli or gzip twin (written at build time, tooling/precompress.cjs) when the request
 * accepts it and the twin is not older than the file (compressed-twin.ts), with `Content-Encoding` and
 * `Vary: Accept-Encoding`; index.html carries preload tags for the route's
 * page (route-preload.ts).
 * Without a WEB_ROOT the API works and such pages answer 404.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppModule } from '../services';
import { clientReportsModule } from './client-reports';
import { compressedTwin, mayHaveTwin } from './compressed-twin';
import { liveShell } from './live-shell';
import { preloadTags, withPreloads } from './route-preload';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Prefixes that never fall back to index.html: a wrong API URL must stay a JSON 404. */
const NOT_PAGES = ['/api', '/auth', '/webhooks', '/socket.io', '/engine.io', '/healthz', '/readyz', '/deployments'];
/** Source maps stay on disk for ops (stack traces), never served to browsers: they would publish the source. */
const SOURCE_MAP = /\.map$/i;
/** rspack's `[contenthash]` in a file name: `main.3f9a1c2b.js`, `512.a1b2c3d4e5f6.css`. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The file under `root` that `urlPath` names, or undefined when it would escape root. */
function within(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
const isNotPage = (urlPath: string) =>
  NOT_PAGES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));

export const hostingModule: AppModule = {
  name: 'hosting',
  async register(app, services) {
    const { config } = services;
    await clientReportsModule.register(app, services);
    const webRoot = path.resolve(config.webRoot);
    const deploymentsDir = path.resolve(config.deploymentsDir);
    const shellRoots = liveShell(deploymentsDir, webRoot);
    await app.register(fastifyStatic, {
      root: webRoot,
      serve: false,
      cacheControl: false,
      wildcard: false,
    });

    /** The type of the file a twin stands for: @fastify/send would name it by the twin's `.br`/`.gz`. */
    const twinTypes = new WeakMap<FastifyReply, string>();
    const send = async (
      request: FastifyRequest,
      reply: FastifyReply,
      root: string,
      file: string,
      cacheControl: string,
    ) => {
      reply.header('cache-control', cacheControl);
      if (mayHaveTwin(file)) reply.header('vary', 'accept-encoding');
      const twin = await compressedTwin(file, request.headers['accept-encoding']);
      if (!twin) return reply.sendFile(path.relative(root, file), root);
      twinTypes.set(reply, twin.contentType);
      return reply.header('content-encoding', twin.encoding).sendFile(path.relative(root, twin.file), root);
    };

    // Compressed at build time, not per request (compression.ts is for API answers).
    const publicRoute = {
      config: { access: 'public' as const },
      compress: false as const,
      onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const type = twinTypes.get(reply);
        if (type) reply.header('content-type', type);
        return payload;
      },
    };
    /** index.html with the route's preloads, kept per live shell, pointer and route until one of them changes. */
    const pages = new Map<string, string>();
    const pageFor = async (root: string, urlPath: string) => {
      const index = path.join(root, 'index.html');
      const pointerStat = await fs.stat(path.join(deploymentsDir, 'remotes.json')).catch(() => undefined);
      const key = `${index}\0${(await fs.stat(index)).mtimeMs}\0${pointerStat?.mtimeMs ?? 0}\0${urlPath}`;
      let html = pages.get(key);
      if (html === undefined) {
        html = withPreloads(await fs.readFile(index, 'utf8'), await preloadTags(root, deploymentsDir, urlPath));
        if (pages.size > 200) pages.clear();
        pages.set(key, html);
      }
      return html;
    };

    app.get('/remotes.json', publicRoute, async (request, reply) => {
      const file = path.join(deploymentsDir, 'remotes.json');
      if (!(await isFile(file))) return reply.status(404).send({ message: 'No remotes are deployed yet' });
      return send(request, reply, deploymentsDir, file, REVALIDATE);
    });

    app.get('/deployments/*', publicRoute, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      // <remote>/<version>/<file...>: the pointer file itself is not a versioned asset, and dot folders (the
      // deploy log, load reports) are for ops only.
      const segments = rest.split('/').filter(Boolean);
      const file =
        segments.length >= 3 && !segments.some((s) => s.startsWith('.')) ? within(deploymentsDir, rest) : undefined;
      if (!file || SOURCE_MAP.test(file) || !(await isFile(file))) return reply.callNotFound();
      return send(request, reply, deploymentsDir, file, IMMUTABLE);
    });

    app.get('/*', publicRoute, async (request, reply) => {
      const urlPath = request.url.split('?')[0];
      if (isNotPage(urlPath) || SOURCE_MAP.test(urlPath)) return reply.callNotFound();
      const roots = await shellRoots();
      const hashed = HASHED_NAME.test(urlPath) && !urlPath.endsWith('.html');
      // Unhashed files only from the live shell; a hashed chunk also from an earlier one (tabs opened before).
      for (const root of urlPath === '/' ? [] : [roots.live, ...(hashed ? roots.earlier : [])]) {
        const file = within(root, urlPath);
        if (file && (await isFile(file))) return send(request, reply, root, file, hashed ? IMMUTABLE : REVALIDATE);
      }
      const index = path.join(roots.live, 'index.html');
      if ((urlPath === '/' || acceptsHtml(request)) && (await isFile(index))) {
        return reply
          .header('cache-control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .send(await pageFor(roots.live, urlPath));
      }
      return reply.callNotFound();
    });
  },
};
