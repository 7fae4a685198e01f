/**
 * The pointer file (`/remotes.json`, served no-cache) names the live version of each remote and keeps a short
 * history, newest first. Deploy and rollback only rewrite this file; version folders never change.
 */
export interface RemoteRelease {
  version: string;
  deployedAt?: string;
}

export interface RemotePointerEntry {
  live: string;
  history?: RemoteRelease[];
}

export interface RemotesPointer {
  /** Where version folders are served from; a CDN address in production. Default `/deployments`. */
  baseUrl?: string;
  remotes: Record<string, RemotePointerEntry>;
}

export interface ResolvedRemote {
  /** Federation name, e.g. `remote_inbox` (the package name with `-` → `_`). */
  name: string;
  packageName: string;
  version: string;
  entry: string;
  /** Entries of earlier versions to fall back to, newest first. */
  fallbacks: { version: string; entry: string }[];
}

export const federationName = (packageName: string) => packageName.replace(/-/g, '_');

export function manifestUrl(baseUrl: string, packageName: string, version: string): string {
  return `${baseUrl.replace(/\/$/, '')}/${packageName}/${encodeURIComponent(version)}/mf-manifest.json`;
}

/** Validates the pointer and turns it into the remotes to register. Bad entries are skipped, not fatal. */
export function resolvePointer(raw: unknown): ResolvedRemote[] {
  if (!raw || typeof raw !== 'object' || typeof (raw as RemotesPointer).remotes !== 'object') {
    throw new Error('remotes.json has no "remotes" object');
  }
  const pointer = raw as RemotesPointer;
  const baseUrl = typeof pointer.baseUrl === 'string' && pointer.baseUrl ? pointer.baseUrl : '/deployments';
  const resolved: ResolvedRemote[] = [];
  for (const [packageName, entry] of Object.entries(pointer.remotes ?? {})) {
    if (!entry || typeof entry.live !== 'string' || !entry.live) continue;
    // History is in deploy order, newest first: fall back only to versions deployed before the live one.
    const history = (Array.isArray(entry.history) ? entry.history : [])
      .map((release) => release?.version)
      .filter((version): version is string => typeof version === 'string' && !!version);
    const earlier = history.slice(history.indexOf(entry.live) + 1).filter((version) => version !== entry.live);
    resolved.push({
      name: federationName(packageName),
      packageName,
      version: entry.live,
      entry: manifestUrl(baseUrl, packageName, entry.live),
      fallbacks: [...new Set(earlier)].map((version) => ({
        version,
        entry: manifestUrl(baseUrl, packageName, version),
      })),
    });
  }
  return resolved;
}
