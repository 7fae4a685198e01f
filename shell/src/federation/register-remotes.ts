import { registerRemotes } from '@module-federation/enhanced/runtime';
import { applyOverrideParameters } from './overrides';
import { rememberRemotes } from './remote-registry';
import { resolvePointer, type Overrides, type ResolvedRemote } from './remotes-pointer';

/** Reads the pointer and registers every live remote (or this browser's pinned version) with the runtime. */
export async function registerRemotesFromPointer(
  fetchPointer: () => Promise<unknown> = async () => {
    const response = await fetch('/remotes.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
    return response.json();
  },
  register: typeof registerRemotes = registerRemotes,
  overrides: () => Overrides = applyOverrideParameters,
): Promise<ResolvedRemote[]> {
  const remotes = resolvePointer(await fetchPointer(), overrides());
  register(
    remotes.map((remote) => ({ name: remote.name, entry: remote.entry })),
    { force: true },
  );
  rememberRemotes(remotes);
  return remotes;
}
