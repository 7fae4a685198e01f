import { ERROR_TEXTS } from '@parley/contract';
import type { SavedReply } from '@parley/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { savedReplies, type SavedReplyRow } from './schema';

export const DUPLICATE_SHORTCUT = ERROR_TEXTS.shortcut_taken;
export const SAVED_REPLY_NOT_FOUND = ERROR_TEXTS.saved_reply_not_found;

export interface SavedReplyInput {
  /** Already lowercase, without the '/' (the contract's shortcutField). */
  shortcut: string;
  text: string;
}

const toView = (row: SavedReplyRow): SavedReply => ({
  id: row.id,
  shortcut: row.shortcut,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (possibly wrapped by Drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function uniqueShortcut<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_SHORTCUT);
    throw error;
  }
}

const inAccount = (accountId: string, id: string) =>
  and(eq(savedReplies.id, id), eq(savedReplies.accountId, accountId));

/** Every saved reply of the account, by shortcut. */
export async function listSavedReplies(db: Db, accountId: string): Promise<SavedReply[]> {
  const rows = await db
    .select()
    .from(savedReplies)
    .where(eq(savedReplies.accountId, accountId))
    .orderBy(asc(savedReplies.shortcut));
  return rows.map(toView);
}

export async function createSavedReply(db: Db, accountId: string, input: SavedReplyInput): Promise<SavedReply> {
  const [created] = await uniqueShortcut(() =>
    db
      .insert(savedReplies)
      .values({ accountId, ...input })
      .returning(),
  );
  return toView(created);
}

/** Another account's id, or one that is not a uuid, is a 404 like a missing one. */
export async function updateSavedReply(
  db: Db,
  accountId: string,
  id: string,
  input: SavedReplyInput,
): Promise<SavedReply> {
  if (!isUuid(id)) throw notFound(SAVED_REPLY_NOT_FOUND);
  const [updated] = await uniqueShortcut(() =>
    db
      .update(savedReplies)
      .set({ ...input, updatedAt: new Date() })
      .where(inAccount(accountId, id))
      .returning(),
  );
  if (!updated) throw notFound(SAVED_REPLY_NOT_FOUND);
  return toView(updated);
}

export async function deleteSavedReply(db: Db, accountId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(SAVED_REPLY_NOT_FOUND);
  const [deleted] = await db.delete(savedReplies).where(inAccount(accountId, id)).returning({ id: savedReplies.id });
  if (!deleted) throw notFound(SAVED_REPLY_NOT_FOUND);
}
