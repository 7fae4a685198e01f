import { computed } from 'nanostores';
import { api } from '../api/client';
import type { CurrentUser } from '../contract';
import { $persisted, updatePersisted } from './persisted';

export const $profile = computed($persisted, (s) => s.profile);

/** Reloads the current user from the server (after sign-in and after any profile save). */
export async function refreshProfile(): Promise<CurrentUser> {
  const { data } = await api.get<CurrentUser>('/api/user/profile');
  updatePersisted({ profile: data });
  return data;
}
