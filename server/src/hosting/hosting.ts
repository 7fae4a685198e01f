/**
 * Serves the web app from this server:
 * - `/remotes.json` = DEPLOYMENTS_DIR/remotes.json, `Cache-Control: no-cache` (the live-version pointer);
 * - `/deployments/<remote>/<version>/...` from DEPLOYMENTS_DIR, immutable (versions never change);
 * - the built shell from WEB_ROOT at `/`: content-hashed files cached for a year, everything else (index.html
 *   first) revalidated on every load;
 * - history fallback: any other GET that accepts text/html and is not an API-ish path gets index.html, so
 *   client routes like /main survive a reload.
 * Without a WEB_ROOT the API works and such pages answer 404.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppModule } from '../services';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Prefixes that never fall back to index.html: a wrong API URL must stay a JSON 404. */
const NOT_PAGES = ['/api', '/auth', '/webhooks', '/socket.io', '/engine.io', '/healthz', '/readyz', '/deployments'];
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
  async register(app, { config }) {
    const webRoot = path.resolve(config.webRoot);
    const deploymentsDir = path.resolve(config.deploymentsDir);
    await app.register(fastifyStatic, { root: webRoot, serve: false, cacheControl: false, wildcard: false });

    const send = (reply: FastifyReply, root: string, file: string, cacheControl: string) =>
      reply.header('cache-control', cacheControl).sendFile(path.relative(root, file), root);
    const publicRoute = { config: { access: 'public' as const } };

    app.get('/remotes.json', publicRoute, async (request, reply) => {
      const file = path.join(deploymentsDir, 'remotes.json');
      if (!(await isFile(file))) return reply.status(404).send({ message: 'No remotes are deployed yet' });
      return send(reply, deploymentsDir, file, REVALIDATE);
    });

    app.get('/deployments/*', publicRoute, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      // <remote>/<version>/<file...>: the pointer file itself is not a versioned asset.
      const file = rest.split('/').filter(Boolean).length >= 3 ? within(deploymentsDir, rest) : undefined;
      if (!file || !(await isFile(file))) return reply.callNotFound();
      return send(reply, deploymentsDir, file, IMMUTABLE);
    });

    app.get('/*', publicRoute, async (request, reply) => {
      const urlPath = request.url.split('?')[0];
      if (isNotPage(urlPath)) return reply.callNotFound();
      const file = urlPath === '/' ? undefined : within(webRoot, urlPath);
      if (file && (await isFile(file))) {
        return send(reply, webRoot, file, HASHED_NAME.test(file) && !file.endsWith('.html') ? IMMUTABLE : REVALIDATE);
      }
      const index = path.join(webRoot, 'index.html');
      if ((urlPath === '/' || acceptsHtml(request)) && (await isFile(index))) {
        return send(reply, webRoot, index, REVALIDATE);
      }
      return reply.callNotFound();
    });
  },
};
