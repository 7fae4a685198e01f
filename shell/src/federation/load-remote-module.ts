import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ParcelConfig, ParcelConfigObject } from 'single-spa';
import { registerRemotesFromPointer } from './register-remotes';

/**
 * Loads `remote_x/Page` and returns its parcel config (the module's default export). A retry first re-reads
 * the pointer and re-registers the remotes, which drops the runtime's memory of the failed attempt (and picks
 * up a version deployed meanwhile).
 */
export async function loadParcel(id: string, { retry = false }: { retry?: boolean } = {}): Promise<ParcelConfig> {
  if (retry) await registerRemotesFromPointer();
  const loaded = await loadRemote<{ default?: ParcelConfigObject } & Partial<ParcelConfigObject>>(id);
  if (!loaded) throw new Error(`Remote module ${id} could not be loaded`);
  const config = (loaded.default ?? loaded) as ParcelConfigObject;
  if (typeof config.mount !== 'function') throw new Error(`Remote module ${id} is not a parcel`);
  return config;
}
