import type { Label } from '@parley/contract';
import { sortLabels, ERROR_TEXTS } from '@parley/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { getConversation } from '../conversations/queries';
import { conversations } from '../conversations/schema';
import { conversationLabels, labels, type LabelRow } from './schema';

export const DUPLICATE_LABEL = ERROR_TEXTS.label_taken;
export const LABEL_NOT_FOUND = ERROR_TEXTS.label_not_found;

/** As the contract's labelBody outputs it: name trimmed, a hex colour lowercase. */
export interface LabelInput {
  name: string;
  colour: string;
}

const toView = (row: LabelRow): Label => ({ id: row.id, name: row.name, colour: row.colour });

/** A PostgreSQL error code (23505 unique, 23503 foreign key), as node-postgres and PGlite report it, possibly wrapped. */
function isViolation(error: unknown, code: string): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === code) return true;
  }
  return false;
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isViolation(error, '23505')) throw conflict(DUPLICATE_LABEL);
    throw error;
  }
}

const inAccount = (accountId: string, id: string) => and(eq(labels.id, id), eq(labels.accountId, accountId));

/** Every label of the account, by name (case-insensitively). */
export async function listLabels(db: Db, accountId: string): Promise<Label[]> {
  return sortLabels((await db.select().from(labels).where(eq(labels.accountId, accountId))).map(toView));
}

export async function createLabel(db: Db, accountId: string, input: LabelInput): Promise<Label> {
  const [created] = await uniqueName(() =>
    db.insert(labels).values({ accountId, name: input.name, colour: input.colour }).returning(),
  );
  return toView(created);
}

/** Another account's id, or one that is not a uuid, is a 404 like a missing one. */
export async function updateLabel(db: Db, accountId: string, id: string, input: LabelInput): Promise<Label> {
  if (!isUuid(id)) throw notFound(LABEL_NOT_FOUND);
  const [updated] = await uniqueName(() =>
    db
      .update(labels)
      .set({ name: input.name, colour: input.colour, updatedAt: new Date() })
      .where(inAccount(accountId, id))
      .returning(),
  );
  if (!updated) throw notFound(LABEL_NOT_FOUND);
  return toView(updated);
}

/** Deleting a label takes it off every conversation (the foreign key cascades). */
export async function deleteLabel(db: Db, accountId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(LABEL_NOT_FOUND);
  const [deleted] = await db.delete(labels).where(inAccount(accountId, id)).returning({ id: labels.id });
  if (!deleted) throw notFound(LABEL_NOT_FOUND);
}

/** The account's label; 404 for any other id. */
async function labelOf(db: Db, accountId: string, id: string): Promise<LabelRow> {
  const [row] = isUuid(id) ? await db.select().from(labels).where(inAccount(accountId, id)).limit(1) : [];
  if (!row) throw notFound(LABEL_NOT_FOUND);
  return row;
}

/**
 * Puts the label on the conversation (`on`) or takes it off; both are idempotent. Both ids must be the caller's
 * account's (404 otherwise). Answers whether anything changed.
 */
export async function setConversationLabel(
  db: Db,
  accountId: string,
  conversationId: string,
  labelId: string,
  on: boolean,
): Promise<boolean> {
  await getConversation(db, accountId, conversationId);
  await labelOf(db, accountId, labelId);
  const changed = on
    ? await db
        .insert(conversationLabels)
        .values({ conversationId, labelId })
        .onConflictDoNothing()
        .returning()
        .catch((error: unknown) => {
          // The label (or the conversation) was deleted a moment ago.
          if (isViolation(error, '23503')) throw notFound(LABEL_NOT_FOUND);
          throw error;
        })
    : await db
        .delete(conversationLabels)
        .where(and(eq(conversationLabels.conversationId, conversationId), eq(conversationLabels.labelId, labelId)))
        .returning();
  if (changed.length === 0) return false;
  // A newer copy of the conversation: browsers keep the newest copy they saw of each row (by updatedAt).
  await db
    .update(conversations)
    .set({ updatedAt: sql`now()` })
    .where(eq(conversations.id, conversationId));
  return true;
}
