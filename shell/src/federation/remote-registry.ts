import type { ResolvedRemote } from './remotes-pointer';

// What was registered at boot, kept so the fallback plugin knows each remote's earlier versions.
const registry = new Map<string, ResolvedRemote>();

export function rememberRemotes(remotes: ResolvedRemote[]): void {
  registry.clear();
  for (const remote of remotes) registry.set(remote.name, remote);
}

export function registeredRemote(name: string): ResolvedRemote | undefined {
  return registry.get(name);
}
