import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES, ROLES, USER_STATUSES } from '@parley/contract';
import { accountOwnedColumns } from '../accounts/schema';

// The roles and statuses are the contract's: the columns hold exactly what the API names.
export { ROLES as USER_ROLES, USER_STATUSES };
export type { Role as UserRole, UserStatus } from '@parley/contract';

export const users = pgTable(
  'users',
  {
    ...accountOwnedColumns(),
    fullName: text('full_name').notNull(),
    /** Always stored lowercased (see normalizeEmail). */
    email: text('email').notNull(),
    title: text('title').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Bumped on password change, suspension and deletion: tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The language picked on Profile (en, pt-BR, es); null follows the browser's. */
    language: text('language', { enum: LANGUAGES }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_account_idx').on(table.accountId)],
);

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
