import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ParcelConfig, ParcelConfigObject } from 'single-spa';

/** Loads `remote_x/Page` and returns its parcel config (the module's default export). */
export async function loadParcel(id: string): Promise<ParcelConfig> {
  const loaded = await loadRemote<{ default?: ParcelConfigObject } & Partial<ParcelConfigObject>>(id);
  if (!loaded) throw new Error(`Remote module ${id} could not be loaded`);
  const config = (loaded.default ?? loaded) as ParcelConfigObject;
  if (typeof config.mount !== 'function') throw new Error(`Remote module ${id} is not a parcel`);
  return config;
}
