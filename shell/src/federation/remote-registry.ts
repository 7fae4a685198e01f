import type { ResolvedRemote } from './remotes-pointer';

// What was registered at boot, kept so the fallback plugin knows each remote's earlier versions, and which version
// of each remote the page runs now (the live one, or the one it fell back to).
const registry = new Map<string, ResolvedRemote>();
const inUse = new Map<string, string>();

export function rememberRemotes(remotes: ResolvedRemote[]): void {
  registry.clear();
  inUse.clear();
  for (const remote of remotes) {
    registry.set(remote.name, remote);
    inUse.set(remote.name, remote.version);
  }
}

export function registeredRemote(name: string): ResolvedRemote | undefined {
  return registry.get(name);
}

export function registeredRemotes(): ResolvedRemote[] {
  return [...registry.values()];
}

export function versionInUse(name: string): string | undefined {
  return inUse.get(name);
}

export function switchVersion(name: string, version: string): void {
  inUse.set(name, version);
}
