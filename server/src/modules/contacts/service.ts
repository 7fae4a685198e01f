import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { isUuid, lastPageOf, type PageQuery } from './paging';
import { contacts, type ContactRow } from './schema';

/** A contact as the API answers it (shared/src/contract Contact). */
export interface ContactView {
  id: string;
  name: string | null;
  profileName: string | null;
  phone: string;
  email: string | null;
}

export const toContactView = (row: ContactRow): ContactView => ({
  id: row.id,
  name: row.name,
  profileName: row.profileName,
  phone: row.phone,
  email: row.email,
});

const activeIn = (accountId: string) => and(eq(contacts.accountId, accountId), isNull(contacts.deletedAt));

/** Newest first, deleted contacts left out. */
export async function listContacts(db: Db, accountId: string, { limit, page }: PageQuery) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(activeIn(accountId))
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(contacts).where(activeIn(accountId)),
  ]);
  return { list: rows.map(toContactView), lastPage: lastPageOf(total, limit) };
}

export interface NewContact {
  name: string | null;
  /** Already normalised (see normalizePhone). */
  phone: string;
  email: string | null;
}

/**
 * Adds a contact; 409 when the account already has this phone. A deleted contact with the phone comes back
 * with the new name and email (its conversations are still there).
 */
export async function addContact(db: Db, accountId: string, contact: NewContact): Promise<ContactView> {
  const [created] = await db
    .insert(contacts)
    .values({ accountId, ...contact })
    .onConflictDoUpdate({
      target: [contacts.accountId, contacts.phone],
      set: { name: contact.name, email: contact.email, deletedAt: null, createdAt: sql`now()` },
      setWhere: sql`${contacts.deletedAt} is not null`,
    })
    .returning();
  if (!created) throw conflict('A contact with this phone number already exists');
  return toContactView(created);
}

export async function deleteContact(db: Db, accountId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Contact not found');
  const [deleted] = await db
    .update(contacts)
    .set({ deletedAt: new Date() })
    .where(and(eq(contacts.id, id), activeIn(accountId)))
    .returning({ id: contacts.id });
  if (!deleted) throw notFound('Contact not found');
}

/**
 * For the WhatsApp channel: the account's contact for a sender's wa_id, created on first contact. The
 * WhatsApp profile name is refreshed when WhatsApp gives one; a deleted contact who writes again comes back.
 * Safe when two messages from the same new sender arrive at once (one insert wins, both get the same row).
 * `db` may be a transaction.
 */
export async function findOrCreateContactByPhone(
  db: Db,
  accountId: string,
  phone: string,
  profileName: string | null | undefined,
): Promise<ContactRow> {
  const digits = phone.replace(/\D/g, '');
  const name = profileName?.trim() ? profileName.trim() : null;
  const [row] = await db
    .insert(contacts)
    .values({ accountId, phone: digits, profileName: name })
    .onConflictDoUpdate({
      target: [contacts.accountId, contacts.phone],
      set: {
        profileName: sql`coalesce(excluded.profile_name, ${contacts.profileName})`,
        deletedAt: null,
      },
    })
    .returning();
  return row;
}
