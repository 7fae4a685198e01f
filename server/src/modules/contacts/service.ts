import { ERROR_TEXTS } from '@parley/contract';
import type { PageQuery } from '@parley/contract';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { lastPageOf } from '../../http/paging';
import { mergeContacts } from './merge';
import { contacts, type ContactRow } from './schema';

/** A contact as the API answers it (@parley/contract contact). */
export interface ContactView {
  id: string;
  name: string | null;
  profileName: string | null;
  /** Null for a customer known only by a WhatsApp user id. */
  phone: string | null;
  userId: string | null;
  username: string | null;
  email: string | null;
}

export const toContactView = (row: ContactRow): ContactView => ({
  id: row.id,
  name: row.name,
  profileName: row.profileName,
  phone: row.phone ?? row.waId,
  userId: row.userId,
  username: row.username,
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
  if (!created) throw conflict(ERROR_TEXTS.contact_phone_taken);
  return toContactView(created);
}

export async function deleteContact(db: Db, accountId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(ERROR_TEXTS.contact_not_found);
  const [deleted] = await db
    .update(contacts)
    .set({ deletedAt: new Date() })
    .where(and(eq(contacts.id, id), activeIn(accountId)))
    .returning({ id: contacts.id });
  if (!deleted) throw notFound(ERROR_TEXTS.contact_not_found);
}

/** How WhatsApp names a customer: a number (wa_id), a business-scoped user id, or both. */
export interface CustomerIdentity {
  waId?: string | null;
  userId?: string | null;
  username?: string | null;
  profileName?: string | null;
}

const digitsOf = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
const trimmed = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Every contact row of the account that is this customer (by phone, wa_id or user id), oldest first, locked. */
async function rowsOfCustomer(tx: Tx, accountId: string, waId: string, userId: string | null, exceptId?: string) {
  const keys: SQL[] = [];
  if (waId) keys.push(eq(contacts.phone, waId), eq(contacts.waId, waId));
  if (userId) keys.push(eq(contacts.userId, userId));
  if (keys.length === 0) return [];
  return tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), or(...keys), exceptId ? ne(contacts.id, exceptId) : undefined))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .for('update');
}

/** Folds every other row of the list into the first one. */
async function mergeAll(tx: Tx, accountId: string, [first, ...others]: ContactRow[]): Promise<ContactRow> {
  let kept = first;
  for (const other of others) kept = await mergeContacts(tx, accountId, kept, other);
  return kept;
}

/**
 * For the WhatsApp channel: the account's contact for a sender, created on first contact. A customer may be
 * known by wa_id, by user id (a username user: no phone), or both; when both turn out to name two rows, they
 * are merged (one customer is never two contacts). Profile name and username are refreshed when WhatsApp gives
 * them; a deleted contact who writes again comes back. Safe when two messages from the same new sender arrive
 * at once (one insert wins, both get the same row). Must run inside a transaction.
 */
export async function findOrCreateCustomerContact(
  tx: Tx,
  accountId: string,
  identity: CustomerIdentity,
): Promise<ContactRow> {
  const waId = digitsOf(identity.waId);
  const userId = trimmed(identity.userId);
  const profileName = trimmed(identity.profileName);
  const username = trimmed(identity.username);
  if (!waId && !userId) throw new Error('A WhatsApp customer needs a wa_id or a user id');
  let found = await rowsOfCustomer(tx, accountId, waId, userId);
  if (found.length === 0) {
    const [created] = await tx
      .insert(contacts)
      .values({ accountId, phone: waId || null, waId: waId || null, userId, username, profileName })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    // A parallel delivery created it first: its row is committed now.
    found = await rowsOfCustomer(tx, accountId, waId, userId);
  }
  const kept = await mergeAll(tx, accountId, found);
  const unchanged =
    (!waId || (kept.waId === waId && kept.phone !== null)) &&
    (!userId || kept.userId === userId) &&
    (!username || kept.username === username) &&
    (!profileName || kept.profileName === profileName) &&
    kept.deletedAt === null;
  // Every message of a known customer passes here: a write that changes nothing would still cost a row version.
  if (unchanged) return kept;
  const [row] = await tx
    .update(contacts)
    .set({
      ...(waId ? { waId, phone: kept.phone ?? waId } : {}),
      ...(userId ? { userId } : {}),
      ...(username ? { username } : {}),
      ...(profileName ? { profileName } : {}),
      deletedAt: null,
    })
    .where(eq(contacts.id, kept.id))
    .returning();
  return row;
}

/**
 * findOrCreateCustomerContact for many customers known by wa_id only (a webhook batch): one locked read finds
 * the customers that are one row already and need no change; the others go through findOrCreateCustomerContact
 * one by one. Returns wa_id digits → contact id. Must run inside a transaction.
 */
export async function contactIdsOfNumbers(
  tx: Tx,
  accountId: string,
  identities: CustomerIdentity[],
): Promise<Map<string, string>> {
  const byWaId = new Map(identities.map((identity) => [digitsOf(identity.waId), identity]));
  byWaId.delete('');
  const waIds = [...byWaId.keys()];
  const rows =
    waIds.length === 0
      ? []
      : await tx
          .select()
          .from(contacts)
          .where(
            and(eq(contacts.accountId, accountId), or(inArray(contacts.phone, waIds), inArray(contacts.waId, waIds))),
          )
          .orderBy(asc(contacts.createdAt), asc(contacts.id))
          .for('update');
  const ids = new Map<string, string>();
  for (const [waId, identity] of byWaId) {
    const mine = rows.filter((row) => row.phone === waId || row.waId === waId);
    const profileName = trimmed(identity.profileName);
    const [row] = mine;
    const settled =
      mine.length === 1 &&
      row.waId === waId &&
      row.phone !== null &&
      row.deletedAt === null &&
      !trimmed(identity.userId) &&
      !trimmed(identity.username) &&
      (!profileName || row.profileName === profileName);
    ids.set(waId, settled ? row.id : (await findOrCreateCustomerContact(tx, accountId, identity)).id);
  }
  return ids;
}

/**
 * Item 7 of issue 14: the wa_id Meta answered a send with (it can differ from the number we sent to, e.g. in
 * Brazil and Mexico). It becomes the contact's waId, so the customer's replies land on the same contact; a
 * row that already has that number is merged into this contact. `db` may be a transaction.
 */
export async function recordSendWaId(db: Db | Tx, accountId: string, contactId: string, waId: string): Promise<void> {
  const digits = digitsOf(waId);
  if (!digits) return;
  // Usually Meta answers with the number the contact already has: nothing to lock then.
  const [current] = await db
    .select({ waId: contacts.waId })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)));
  if (!current || current.waId === digits) return;
  const apply = async (tx: Tx) => {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
      .for('update');
    if (!contact || contact.waId === digits) return;
    const others = await rowsOfCustomer(tx, accountId, digits, null, contactId);
    const kept = await mergeAll(tx, accountId, [contact, ...others]);
    await tx.update(contacts).set({ waId: digits }).where(eq(contacts.id, kept.id));
  };
  if ('rollback' in db) await apply(db);
  else await db.transaction(apply);
}

/**
 * A `system` message says the customer changed number: the contact (and so its conversation) moves to the new
 * one; a row that already had the new number is merged in. A new user id replaces the old one.
 */
export async function moveContactToNumber(
  tx: Tx,
  accountId: string,
  contactId: string,
  change: { waId?: string | null; userId?: string | null },
): Promise<void> {
  const waId = digitsOf(change.waId);
  const userId = trimmed(change.userId);
  const [contact] = await tx.select().from(contacts).where(eq(contacts.id, contactId)).for('update');
  if (!contact) return;
  const others = await rowsOfCustomer(tx, accountId, waId, userId, contactId);
  const kept = await mergeAll(tx, accountId, [contact, ...others]);
  await tx
    .update(contacts)
    .set({ ...(waId ? { phone: waId, waId } : {}), ...(userId ? { userId } : {}) })
    .where(eq(contacts.id, kept.id));
}

/** The contact for a wa_id (seeds and tests); see findOrCreateCustomerContact. `db` may be a transaction. */
export async function findOrCreateContactByPhone(
  db: Db,
  accountId: string,
  phone: string,
  profileName: string | null | undefined,
): Promise<ContactRow> {
  const identity = { waId: phone, profileName };
  if ('rollback' in db) return findOrCreateCustomerContact(db as unknown as Tx, accountId, identity);
  return db.transaction((tx) => findOrCreateCustomerContact(tx, accountId, identity));
}
