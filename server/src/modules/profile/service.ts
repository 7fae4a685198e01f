import { ERROR_TEXTS } from '@parley/contract';
import type { Language } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound, ValidationError } from '../../http/errors';
import { getAccount, type AccountView } from '../accounts/service';
import type { PasswordHasher } from '../auth/passwords';
import { users, type UserRole, type UserStatus } from '../users/schema';

export interface ProfileView {
  id: string;
  fullName: string;
  email: string;
  title: string;
  role: UserRole;
  isOwner: boolean;
  status: UserStatus;
  language: Language | null;
  account: AccountView;
}

export async function getProfile(db: Db, userId: string): Promise<ProfileView> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(ERROR_TEXTS.user_not_found);
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    title: user.title,
    role: user.role,
    isOwner: user.role === 'owner',
    status: user.status,
    language: user.language,
    account: await getAccount(db, user.accountId),
  };
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: { fullName?: string; language?: Language | null },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/**
 * Checks the current password, stores the new one and bumps the token version so every older token stops
 * working. Returns the user's new token version (the caller signs a fresh token with it).
 */
export async function changePassword(
  db: Db,
  passwords: PasswordHasher,
  userId: string,
  current: string,
  next: string,
): Promise<{ tokenVersion: number; accountId: string; role: UserRole; lastLoginAt: Date | null }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(ERROR_TEXTS.user_not_found);
  if (!(await passwords.verify(user.passwordHash, current))) {
    throw new ValidationError(ERROR_TEXTS.current_password_wrong, { password: ERROR_TEXTS.current_password_wrong });
  }
  const [updated] = await db
    .update(users)
    .set({ passwordHash: await passwords.hash(next), tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return {
    tokenVersion: updated.tokenVersion,
    accountId: user.accountId,
    role: user.role,
    lastLoginAt: user.lastLoginAt,
  };
}
