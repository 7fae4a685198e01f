import { persistentAtom } from '@nanostores/persistent';
import type { Asset, CurrentUser } from '../contract';

/** Everything the client keeps between visits, under one localStorage key (docs/product-rules.md#client-state: "version 1"). */
export interface PersistedState {
  version: 1;
  session: { isAuthenticated: boolean; lastLoginDate: string | null; isOwner: boolean };
  onlineUserIds: string[];
  profile: CurrentUser | null;
  assets: Asset[];
}

export const PERSIST_ROOT_KEY = 'parley';

export const emptyPersistedState = (): PersistedState => ({
  version: 1,
  session: { isAuthenticated: false, lastLoginDate: null, isOwner: false },
  onlineUserIds: [],
  profile: null,
  assets: [],
});

function decode(raw: string): PersistedState {
  try {
    const parsed = JSON.parse(raw) as Partial<PersistedState>;
    // A different version is an older client's layout: start clean rather than guess.
    if (parsed?.version !== 1) return emptyPersistedState();
    return { ...emptyPersistedState(), ...parsed, version: 1 };
  } catch {
    return emptyPersistedState();
  }
}

export const $persisted = persistentAtom<PersistedState>(PERSIST_ROOT_KEY, emptyPersistedState(), {
  encode: JSON.stringify,
  decode,
});

export function updatePersisted(patch: Partial<Omit<PersistedState, 'version'>>): void {
  $persisted.set({ ...$persisted.get(), ...patch });
}
