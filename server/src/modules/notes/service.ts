import { ERROR_TEXTS } from '@parley/contract';
import type { Note } from '@parley/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AuthContext } from '../../http/access';
import { getConversation } from '../conversations/queries';
import { users } from '../users/schema';
import { parseMentions, type MentionableStaff } from './mentions';
import { conversationNotes, type ConversationNoteRow } from './schema';

export const NOTE_NOT_FOUND = ERROR_TEXTS.note_not_found;
export const NOT_YOUR_NOTE = ERROR_TEXTS.not_your_note;
export const UNKNOWN_MENTION = ERROR_TEXTS.unknown_mention;

/** The account's active staff, whom a note can mention. */
export async function activeStaff(db: Db, accountId: string): Promise<MentionableStaff[]> {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.status, 'active'), isNull(users.deletedAt)))
    .orderBy(asc(users.fullName), asc(users.id));
}

/** Names of the given users (deleted staff included: old notes keep their author's name). */
async function namesOf(db: Db, accountId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.fullName]));
}

function toViews(rows: ConversationNoteRow[], names: Map<string, string>): Note[] {
  const staff = (id: string) => ({ id, fullName: names.get(id) ?? '' });
  return rows.map((row) => ({
    id: row.id,
    conversationId: row.conversationId,
    author: staff(row.authorUserId),
    text: row.text,
    mentions: row.mentionedUserIds.map(staff),
    createdAt: row.createdAt.toISOString(),
  }));
}

async function viewsOf(db: Db, accountId: string, rows: ConversationNoteRow[]): Promise<Note[]> {
  const ids = rows.flatMap((row) => [row.authorUserId, ...row.mentionedUserIds]);
  return toViews(rows, await namesOf(db, accountId, ids));
}

/** The conversation's notes, oldest first; another account's conversation is a 404. */
export async function listNotes(db: Db, accountId: string, conversationId: string): Promise<Note[]> {
  await getConversation(db, accountId, conversationId);
  const rows = await db
    .select()
    .from(conversationNotes)
    .where(and(eq(conversationNotes.conversationId, conversationId), eq(conversationNotes.accountId, accountId)))
    .orderBy(asc(conversationNotes.createdAt), asc(conversationNotes.id));
  return viewsOf(db, accountId, rows);
}

/**
 * Adds a note. It mentions the staff its text names (mentions.ts) and those of `mentions` (each must be an active
 * staff member of the account: 400 otherwise). Answers the note and the customer's name as the list shows it.
 */
export async function addNote(
  db: Db,
  auth: AuthContext,
  conversationId: string,
  input: { text: string; mentions?: string[] },
): Promise<{ note: Note; contactName: string }> {
  const { contact } = await getConversation(db, auth.accountId, conversationId);
  const staff = await activeStaff(db, auth.accountId);
  const staffIds = new Set(staff.map((member) => member.id));
  const picked = input.mentions ?? [];
  if (picked.some((id) => !staffIds.has(id))) throw badRequest(UNKNOWN_MENTION);
  const mentioned = [...new Set([...parseMentions(input.text, staff), ...picked])];
  const [row] = await db
    .insert(conversationNotes)
    .values({
      accountId: auth.accountId,
      conversationId,
      authorUserId: auth.userId,
      text: input.text,
      mentionedUserIds: mentioned,
    })
    .returning();
  const [note] = await viewsOf(db, auth.accountId, [row]);
  const contactName = contact.name ?? contact.profileName ?? (contact.phone ? `+${contact.phone}` : 'a customer');
  return { note, contactName };
}

/** Deletes a note: its author or an owner (403 for other staff); any other id is a 404. */
export async function deleteNote(db: Db, auth: AuthContext, conversationId: string, noteId: string): Promise<void> {
  await getConversation(db, auth.accountId, conversationId);
  const inConversation = and(
    eq(conversationNotes.id, noteId),
    eq(conversationNotes.conversationId, conversationId),
    eq(conversationNotes.accountId, auth.accountId),
  );
  const [row] = isUuid(noteId) ? await db.select().from(conversationNotes).where(inConversation).limit(1) : [];
  if (!row) throw notFound(NOTE_NOT_FOUND);
  if (row.authorUserId !== auth.userId && auth.role !== 'owner') throw forbidden(NOT_YOUR_NOTE);
  await db.delete(conversationNotes).where(inConversation);
}
