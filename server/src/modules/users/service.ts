/**
 * The owner's management of the account's users, always inside their own account (another account's user is
 * "not found").
 * Rules: new users are verified agents; an owner cannot suspend or delete themself; the account always keeps
 * an active owner. Suspension and deletion end the user's sessions at once: the token version is bumped (older
 * tokens stop working, see auth/authenticate.ts) and the caller closes their sockets.
 */
import { ERROR_TEXTS } from '@parley/contract';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http/errors';
import type { PasswordHasher } from '../auth/passwords';
import { isUniqueViolation } from '../../db/errors';
import { isUuid } from '../../http/ids';
import { normalizeEmail, users, type UserRole, type UserRow, type UserStatus } from '../users/schema';
import { releaseAssignments } from '../assignment/service';

export interface UserView {
  id: string;
  fullName: string;
  email: string;
  title: string;
  role: UserRole;
  status: UserStatus;
  online: boolean;
}

export interface UserPage {
  list: UserView[];
  lastPage: number;
}

export const USER_MESSAGES = {
  notFound: ERROR_TEXTS.user_not_found,
  emailTaken: ERROR_TEXTS.email_taken,
  selfSuspend: ERROR_TEXTS.self_suspend,
  selfDelete: ERROR_TEXTS.self_delete,
  lastOwner: ERROR_TEXTS.last_owner,
} as const;

const view = (row: UserRow, online: ReadonlySet<string>): UserView => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  title: row.title,
  role: row.role,
  status: row.status,
  online: online.has(row.id),
});

const liveInAccount = (accountId: string) => and(eq(users.accountId, accountId), isNull(users.deletedAt));

async function findUser(db: Db, accountId: string, userId: string): Promise<UserRow> {
  // A malformed id cannot name anyone: 404 like any unknown id (and no database cast error).
  if (!isUuid(userId)) throw notFound(USER_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), liveInAccount(accountId)))
    .limit(1);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return row;
}

export async function listUsers(
  db: Db,
  accountId: string,
  limit: number,
  page: number,
  online: ReadonlySet<string>,
): Promise<UserPage> {
  const [{ total }] = await db.select({ total: count() }).from(users).where(liveInAccount(accountId));
  const rows = await db
    .select()
    .from(users)
    .where(liveInAccount(accountId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { list: rows.map((row) => view(row, online)), lastPage: Math.max(1, Math.ceil(Number(total) / limit)) };
}

export interface NewUser {
  fullName: string;
  title: string;
  email: string;
  password: string;
}

/**
 * Creates a verified, active agent. An email in use → 409, except a user deleted from this same account, who
 * comes back with the new details (their past messages keep pointing at them).
 */
export async function addUser(db: Db, passwords: PasswordHasher, accountId: string, input: NewUser): Promise<UserView> {
  const email = normalizeEmail(input.email);
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing && !(existing.deletedAt && existing.accountId === accountId)) throw conflict(USER_MESSAGES.emailTaken);
  const details = {
    fullName: input.fullName,
    title: input.title,
    passwordHash: await passwords.hash(input.password),
    role: 'agent' as const,
    status: 'active' as const,
    verifiedAt: new Date(),
  };
  try {
    const [row] = existing
      ? await db
          .update(users)
          .set({ ...details, deletedAt: null, lastLoginAt: null, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(and(eq(users.id, existing.id), eq(users.accountId, accountId)))
          .returning()
      : await db
          .insert(users)
          .values({ ...details, accountId, email })
          .returning();
    return view(row, new Set());
  } catch (error) {
    // Someone else took the email between the check and the insert.
    if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
}

export async function updateUser(
  db: Db,
  accountId: string,
  userId: string,
  changes: { fullName: string; title: string },
  online: ReadonlySet<string>,
): Promise<UserView> {
  await findUser(db, accountId, userId);
  const [row] = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, userId), liveInAccount(accountId)))
    .returning();
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return view(row, online);
}

/**
 * Suspending or deleting an owner must leave another active owner. Owner rows are locked first, so two owners
 * suspending each other at the same moment cannot both succeed.
 */
async function ensureAnotherActiveOwner(tx: Db, accountId: string, leavingUserId: string): Promise<void> {
  const owners = await tx
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(liveInAccount(accountId), eq(users.role, 'owner')))
    .for('update');
  const remaining = owners.filter((owner) => owner.id !== leavingUserId && owner.status === 'active');
  if (remaining.length === 0) throw new HttpError(422, USER_MESSAGES.lastOwner);
}

export async function setUserStatus(
  db: Db,
  accountId: string,
  callerId: string,
  userId: string,
  status: UserStatus,
  online: ReadonlySet<string>,
): Promise<{ user: UserView; sessionsEnded: boolean; unassigned: string[] }> {
  if (status === 'hold' && userId === callerId) throw new HttpError(422, USER_MESSAGES.selfSuspend);
  return db.transaction(async (tx) => {
    const target = await findUser(tx as unknown as Db, accountId, userId);
    const suspending = status === 'hold' && target.status !== 'hold';
    if (suspending && target.role === 'owner') await ensureAnotherActiveOwner(tx as unknown as Db, accountId, userId);
    const [row] = await tx
      .update(users)
      .set(suspending ? { status, tokenVersion: sql`${users.tokenVersion} + 1` } : { status })
      .where(eq(users.id, userId))
      .returning();
    // A suspended staff member's conversations become unassigned (issue #21).
    const unassigned = suspending ? await releaseAssignments(tx, userId) : [];
    return {
      user: view(row, suspending ? withoutUser(online, userId) : online),
      sessionsEnded: suspending,
      unassigned,
    };
  });
}

/** Returns the conversations that were assigned to them (now unassigned, issue #21). */
export async function deleteUser(db: Db, accountId: string, callerId: string, userId: string): Promise<string[]> {
  if (userId === callerId) throw new HttpError(422, USER_MESSAGES.selfDelete);
  return db.transaction(async (tx) => {
    const target = await findUser(tx as unknown as Db, accountId, userId);
    if (target.role === 'owner') await ensureAnotherActiveOwner(tx as unknown as Db, accountId, userId);
    await tx
      .update(users)
      .set({ deletedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    return releaseAssignments(tx, userId);
  });
}

function withoutUser(online: ReadonlySet<string>, userId: string): ReadonlySet<string> {
  const copy = new Set(online);
  copy.delete(userId);
  return copy;
}
