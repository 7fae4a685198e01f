/**
 * Before the runtime loads an earlier version of a remote, everything the failed version put into the page goes:
 * its scripts still loading finish first (the manifest makes the runtime start a page's chunks beside the entry),
 * then its chunk registry, its global entry and its style sheets are removed. Without this the earlier entry,
 * built under the same name, would pick up the failed version's chunks and run the failed release's code.
 */
const SETTLE_LIMIT_MS = 30_000;

/** The folder of a version: `…/remote-inbox/1.2.0/mf-manifest.json` → absolute `…/remote-inbox/1.2.0/`. */
export function versionFolderUrl(entry: string): string {
  return new URL(entry.replace(/[^/]*$/, ''), document.baseURI).href;
}

function settled(script: HTMLScriptElement): Promise<void> {
  // The federation runtime and the chunk loader remove a script once it has loaded or failed.
  if (!script.isConnected) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    script.addEventListener('load', done, { once: true });
    script.addEventListener('error', done, { once: true });
    setTimeout(done, SETTLE_LIMIT_MS);
  });
}

export async function isolateFailedVersion(federationName: string, entry: string): Promise<void> {
  const folder = versionFolderUrl(entry);
  const fromFolder = (url: string | null) => !!url && new URL(url, document.baseURI).href.startsWith(folder);
  const scripts = [...document.querySelectorAll('script')].filter((s) => fromFolder(s.getAttribute('src')));
  await Promise.all(scripts.map(settled));
  for (const script of scripts) script.remove();
  for (const link of document.querySelectorAll('link')) if (fromFolder(link.getAttribute('href'))) link.remove();
  const scope = globalThis as unknown as Record<string, unknown>;
  // The chunk registry rspack names after the build's uniqueName (rspackChunkremote_inbox), and the entry global.
  for (const key of Object.keys(scope)) {
    if (key === `rspackChunk${federationName}` || key === `webpackChunk${federationName}`) delete scope[key];
  }
  delete scope[federationName];
}
