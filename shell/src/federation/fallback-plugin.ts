import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { registeredRemote } from './remote-registry';

/** Which earlier version of each remote is in use after the live one failed (index into its fallbacks). */
const fallbackInUse = new Map<string, number>();

/**
 * When a remote's live version cannot be loaded (manifest, entry or a chunk), point the runtime at the previous
 * version in the pointer's history and load the same module from there; then the one before, and so on. The
 * user sees the page (or, when every version fails, the outlet's Retry panel); the console says what happened.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'parley-fallback-to-previous-version',
    async errorLoadRemote({ id, error, lifecycle, origin }) {
      if (lifecycle !== 'onLoad' && lifecycle !== 'afterResolve') return undefined;
      const remoteName = id.split('/')[0];
      const remote = registeredRemote(remoteName);
      if (!remote) return undefined;
      const next = (fallbackInUse.get(remoteName) ?? -1) + 1;
      const fallback = remote.fallbacks[next];
      if (!fallback) return undefined;
      const failedVersion = next === 0 ? remote.version : remote.fallbacks[next - 1].version;
      console.warn(
        `[parley] ${remoteName} ${failedVersion} failed to load (${String(error)}); using ${fallback.version}`,
      );
      fallbackInUse.set(remoteName, next);
      origin.registerRemotes([{ name: remoteName, entry: fallback.entry }], { force: true });
      return origin.loadRemote(id);
    },
  };
}
