// Stands in for shell/src/federation/load-remote-module.ts in the single bundle: same signature, the parcel
// comes from a direct import instead of a federated remote.
import type { ParcelConfig } from 'single-spa';
import { PAGES } from '../tmp/pages';

export async function loadParcel(id: string, _options: { retry?: boolean } = {}): Promise<ParcelConfig> {
  const page = PAGES[id] as { default?: ParcelConfig } | ParcelConfig | undefined;
  if (!page) throw new Error(`Page ${id} is not in the single bundle`);
  return ((page as { default?: ParcelConfig }).default ?? page) as ParcelConfig;
}
