import {
  api,
  startSession,
  type AccountBody,
  type ChangePasswordBody,
  type CurrentUser,
  type Language,
  type ProfileBody,
} from '@parley/shared';

export interface ProfileChanges {
  fullName?: string;
  accountName?: string;
}

/**
 * docs/product-rules.md#validation: the full name is sent only when non-empty and changed; the account name only for owners,
 * and only when non-empty and changed. Returns how many calls were made.
 */
export async function saveProfile(current: CurrentUser, isOwner: boolean, changes: ProfileChanges): Promise<number> {
  let calls = 0;
  const fullName = changes.fullName?.trim() ?? '';
  if (fullName && fullName !== current.fullName) {
    await api.put('/api/user/profile', { fullName } satisfies ProfileBody);
    calls += 1;
  }
  const accountName = changes.accountName?.trim() ?? '';
  if (isOwner && accountName && accountName !== current.account?.name) {
    await api.put('/api/account', { name: accountName } satisfies AccountBody);
    calls += 1;
  }
  return calls;
}

/** The user's language on the server (null: follow the browser's); the caller refreshes the profile. */
export async function saveLanguage(language: Language | null): Promise<void> {
  await api.put('/api/user/profile', { language } satisfies ProfileBody);
}

export type PasswordChange = ChangePasswordBody;

/**
 * A changed password makes every older token useless, so the server answers with a fresh one: keep the
 * session on it (the answer may also carry only a message).
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  const { data } = await api.post<{ message?: string; token?: string }>('/api/user/change-password', change);
  if (typeof data?.token === 'string' && data.token) startSession(data.token);
}
