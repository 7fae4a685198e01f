/**
 * `<link rel="preload">` tags for the page a route opens, written into index.html when the server serves it: the
 * live remote's manifest, entry and the exposed page's chunks (from the pointer and that version's
 * mf-manifest.json), plus the shell's shared chunks and the shell's lazy chunk groups the route asks for
 * (chunk-groups.json: its app, and on a signed-in route the API client and the socket, and the route's own
 * `preload` list). The browser fetches them while the shell boots instead of after it (shell → pointer → manifest
 * → entry → chunk, one after the other).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

interface PageRoute {
  path?: unknown;
  module?: unknown;
  access?: unknown;
  preload?: unknown;
}

/** The shell's lazy chunk groups every page opens with, and those of a signed-in page (a public page calls no API). */
const SHELL_GROUPS = ['shell-app'];
const SIGNED_IN_GROUPS = ['api-client', 'realtime'];

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

interface Pointer {
  baseUrl?: unknown;
  remotes?: Record<string, { live?: unknown } | undefined>;
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
/** A file name as rspack writes it: no folders, no quotes or angle brackets. */
const FILE = /^[\w.-]+\.(js|css)$/;

const files = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string' && FILE.test(name)) : [];

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const link = (href: string) =>
  href.endsWith('.css')
    ? `<link rel="preload" as="style" href="${href}">`
    : `<link rel="preload" as="script" href="${href}">`;

/** The tags for `urlPath`, or '' when the route, its remote or its manifest is unknown. */
export async function preloadTags(shellRoot: string, deploymentsDir: string, urlPath: string): Promise<string> {
  const tags: string[] = [];
  const shellManifest = await readJson<Manifest>(path.join(shellRoot, 'mf-manifest.json'));
  // The shell's own shared chunks (React, antd, @parley/shared…): it asks for them right after the pointer.
  for (const shared of shellManifest?.shared ?? []) {
    for (const file of files(shared.assets?.js?.sync)) tags.push(link(`/${file}`));
  }

  const routes = await readJson<PageRoute[]>(path.join(shellRoot, 'page-routes.json'));
  const route = Array.isArray(routes) ? routes.find((entry) => entry?.path === urlPath) : undefined;

  // The shell's own lazy chunks this route asks for (an unknown route still boots the shell's app).
  const chunkGroups = await readJson<Record<string, unknown>>(path.join(shellRoot, 'chunk-groups.json'));
  const groups = [
    ...SHELL_GROUPS,
    ...(route && route.access !== 'public' ? SIGNED_IN_GROUPS : []),
    ...(Array.isArray(route?.preload) ? route.preload : []),
  ];
  for (const group of groups) {
    if (typeof group !== 'string' || !chunkGroups || !Object.hasOwn(chunkGroups, group)) continue;
    for (const file of files(chunkGroups[group])) tags.push(link(`/${file}`));
  }
  const [remote, expose] = typeof route?.module === 'string' ? route.module.split('/') : [];
  const pointer = await readJson<Pointer>(path.join(deploymentsDir, 'remotes.json'));
  const packageName = remote?.replace(/_/g, '-');
  const live = packageName ? pointer?.remotes?.[packageName]?.live : undefined;
  if (packageName && expose && typeof live === 'string' && VERSION.test(live)) {
    const manifest = await readJson<Manifest>(path.join(deploymentsDir, packageName, live, 'mf-manifest.json'));
    const base =
      typeof pointer?.baseUrl === 'string' && /^(\/|https:\/\/)[^"<>]*$/.test(pointer.baseUrl)
        ? pointer.baseUrl.replace(/\/$/, '')
        : '/deployments';
    const folder = `${base}/${packageName}/${encodeURIComponent(live)}/`;
    const exposed = manifest?.exposes?.find((entry) => entry.name === expose);
    const entryFile = manifest?.metaData?.remoteEntry?.name;
    if (exposed && typeof entryFile === 'string' && FILE.test(entryFile)) {
      // The runtime fetches the manifest with fetch() (CORS mode, same-origin credentials).
      tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${folder}mf-manifest.json">`);
      // Not the `async` assets: they include chunks the page may never ask for (the password-strength
      // dictionaries are 1.6 MB).
      for (const file of [entryFile, ...files(exposed.assets?.js?.sync), ...files(exposed.assets?.css?.sync)])
        tags.push(link(`${folder}${file}`));
    }
  }
  return [...new Set(tags)].join('');
}

/** index.html with the route's preload tags just before `</head>` (unchanged when there are none). */
export function withPreloads(html: string, tags: string): string {
  if (!tags || !html.includes('</head>')) return html;
  return html.replace('</head>', `${tags}</head>`);
}
