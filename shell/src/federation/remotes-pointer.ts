/**
 * The pointer file (`/remotes.json`, served no-cache) names the live version of each remote, the versions
 * deployed before it (its fallbacks, in deploy order) and a short history. Deploy and rollback only rewrite this
 * file; version folders never change.
 */
export interface RemoteRelease {
  version: string;
  deployedAt?: string;
}

export interface RemotePointerEntry {
  live: string;
  /** Versions deployed before the live one, newest first (written by deploy and rollback). */
  fallbacks?: string[];
  history?: RemoteRelease[];
}

export interface RemotesPointer {
  /** Where version folders are served from; a CDN address in production. Default `/deployments`. */
  baseUrl?: string;
  remotes: Record<string, RemotePointerEntry>;
}

export interface VersionEntry {
  version: string;
  entry: string;
}

export interface ResolvedRemote {
  /** Federation name, e.g. `remote_inbox` (the package name with `-` → `_`). */
  name: string;
  packageName: string;
  version: string;
  entry: string;
  /** Earlier versions to fall back to, newest first. */
  fallbacks: VersionEntry[];
  /** Set when this browser pins the remote to a version other than the live one (see overrides.ts). */
  overridden?: boolean;
}

/** This browser's pins: package name → version. */
export type Overrides = Record<string, string>;

export const federationName = (packageName: string) => packageName.replace(/-/g, '_');

export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

export function manifestUrl(baseUrl: string, packageName: string, version: string): string {
  return `${baseUrl.replace(/\/$/, '')}/${packageName}/${encodeURIComponent(version)}/mf-manifest.json`;
}

const versions = (list: unknown): string[] =>
  (Array.isArray(list) ? list : []).filter(
    (version): version is string => typeof version === 'string' && VERSION_PATTERN.test(version),
  );

/** The versions deployed before the live one: the pointer's `fallbacks`, or (older pointers) the history after it. */
function earlierVersions(entry: RemotePointerEntry): string[] {
  if (Array.isArray(entry.fallbacks)) return versions(entry.fallbacks);
  const history = versions((Array.isArray(entry.history) ? entry.history : []).map((release) => release?.version));
  const index = history.indexOf(entry.live);
  return index < 0 ? [] : history.slice(index + 1);
}

/**
 * Validates the pointer and turns it into the remotes to register. Bad entries are skipped, not fatal. A remote
 * this browser pins (overrides) loads the pinned version and falls back to the live one, then its fallbacks.
 */
export function resolvePointer(raw: unknown, overrides: Overrides = {}): ResolvedRemote[] {
  if (!raw || typeof raw !== 'object' || typeof (raw as RemotesPointer).remotes !== 'object') {
    throw new Error('remotes.json has no "remotes" object');
  }
  const pointer = raw as RemotesPointer;
  const baseUrl = typeof pointer.baseUrl === 'string' && pointer.baseUrl ? pointer.baseUrl : '/deployments';
  const resolved: ResolvedRemote[] = [];
  for (const [packageName, entry] of Object.entries(pointer.remotes ?? {})) {
    if (!entry || typeof entry.live !== 'string' || !VERSION_PATTERN.test(entry.live)) continue;
    const pinned = overrides[packageName];
    const overridden = !!pinned && pinned !== entry.live;
    const version = overridden ? pinned : entry.live;
    const chain = [...(overridden ? [entry.live] : []), ...earlierVersions(entry)];
    resolved.push({
      name: federationName(packageName),
      packageName,
      version,
      entry: manifestUrl(baseUrl, packageName, version),
      fallbacks: [...new Set(chain)]
        .filter((v) => v !== version)
        .map((v) => ({ version: v, entry: manifestUrl(baseUrl, packageName, v) })),
      ...(overridden ? { overridden } : {}),
    });
  }
  return resolved;
}
