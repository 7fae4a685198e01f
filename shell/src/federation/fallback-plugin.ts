import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { sendClientReport, errorText } from './client-report';
import { isolateFailedVersion } from './isolate-version';
import { registeredRemote, switchVersion, versionInUse } from './remote-registry';

/**
 * When a remote's version cannot be loaded (manifest, entry or a chunk), drop what it left in the page, point the
 * runtime at the version deployed before it and load the same module from there; then the one before, and so on.
 * The user sees the page (or, when every version fails, the outlet's Retry panel); the console says what happened
 * and the server gets a report (npm run releases counts them).
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'parley-fallback-to-previous-version',
    async errorLoadRemote({ id, error, lifecycle, origin }) {
      if (lifecycle !== 'onLoad' && lifecycle !== 'afterResolve') return undefined;
      const remoteName = id.split('/')[0];
      const remote = registeredRemote(remoteName);
      if (!remote) return undefined;
      const failedVersion = versionInUse(remoteName) ?? remote.version;
      const chain = [{ version: remote.version, entry: remote.entry }, ...remote.fallbacks];
      const failedIndex = chain.findIndex((candidate) => candidate.version === failedVersion);
      const failed = chain[failedIndex];
      const fallback = chain[failedIndex + 1];
      if (!failed || !fallback) return undefined;
      console.warn(
        `[parley] ${remoteName} ${failedVersion} failed to load (${String(error)}); using ${fallback.version}`,
      );
      sendClientReport({
        kind: 'fallback',
        remote: remote.packageName,
        version: failedVersion,
        fallbackVersion: fallback.version,
        module: id,
        error: errorText(error),
      });
      switchVersion(remoteName, fallback.version);
      await isolateFailedVersion(remoteName, failed.entry);
      origin.registerRemotes([{ name: remoteName, entry: fallback.entry }], { force: true });
      return origin.loadRemote(id);
    },
  };
}
