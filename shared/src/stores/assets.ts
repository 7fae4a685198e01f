import { computed } from 'nanostores';
import type { Asset } from '../contract';
import { $persisted, updatePersisted } from './persisted';

/** The last asset page seen, kept so the composer's picker has something to show at once. */
export const $assets = computed($persisted, (s) => s.assets);

export function setAssets(assets: Asset[]): void {
  updatePersisted({ assets });
}
