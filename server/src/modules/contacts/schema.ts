import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountOwnedColumns } from '../accounts/schema';

/**
 * People the account talks to. Owners add them by hand; the WhatsApp channel creates one for each new sender
 * (profileName from WhatsApp, phone = wa_id). A customer who uses a WhatsApp username may be known only by
 * Meta's business-scoped user id (userId, no phone); a contact is keyed by phone/waId, by userId, or both, and
 * two rows that turn out to be one customer are merged. Deleting only hides a contact (deletedAt), so its
 * conversations keep their history; adding the same phone again, or a new message from it, brings it back.
 */
export const contacts = pgTable(
  'contacts',
  {
    ...accountOwnedColumns(),
    name: text('name'),
    profileName: text('profile_name'),
    /** Digits only, country code first (WhatsApp's wa_id form), e.g. 15550001234; null when only userId is known. */
    phone: text('phone'),
    /** WhatsApp's id of the number (webhooks, send answers); can differ from the phone typed (Brazil, Mexico). */
    waId: text('wa_id'),
    /** Meta's business-scoped user id (from_user_id / contacts[].user_id), e.g. US.13491208655302741918. */
    userId: text('user_id'),
    /** The customer's WhatsApp username, when Meta sends one. */
    username: text('username'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('contacts_account_phone_unique').on(table.accountId, table.phone),
    uniqueIndex('contacts_account_user_id_unique').on(table.accountId, table.userId),
    index('contacts_account_wa_id_idx').on(table.accountId, table.waId),
    // Searches (conversation filters) go by lowercased name / profile name within one account.
    index('contacts_account_name_idx').on(table.accountId, sql`lower(${table.name})`),
    index('contacts_account_profile_name_idx').on(table.accountId, sql`lower(${table.profileName})`),
    index('contacts_account_created_idx').on(table.accountId, table.createdAt),
    // The list's `q` (ILIKE '%…%' on each field, with search in messages: issue #21) by trigrams (pg_trgm).
    index('contacts_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('contacts_profile_name_trgm_idx').using('gin', table.profileName.op('gin_trgm_ops')),
    index('contacts_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('contacts_phone_trgm_idx').using('gin', table.phone.op('gin_trgm_ops')),
    index('contacts_username_trgm_idx').using('gin', table.username.op('gin_trgm_ops')),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
