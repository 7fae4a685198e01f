import { registerRemotes } from '@module-federation/enhanced/runtime';
import { rememberRemotes } from './remote-registry';
import { resolvePointer, type ResolvedRemote } from './remotes-pointer';

/** Reads the pointer and registers every live remote with the federation runtime. */
export async function registerRemotesFromPointer(
  fetchPointer: () => Promise<unknown> = async () => {
    const response = await fetch('/remotes.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
    return response.json();
  },
  register: typeof registerRemotes = registerRemotes,
): Promise<ResolvedRemote[]> {
  const remotes = resolvePointer(await fetchPointer());
  register(
    remotes.map((remote) => ({ name: remote.name, entry: remote.entry })),
    { force: true },
  );
  rememberRemotes(remotes);
  return remotes;
}
