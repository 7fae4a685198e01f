import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountOwnedColumns } from '../accounts/schema';

export const CONNECTION_STATUSES = ['connected', 'disconnected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * An account's WhatsApp Business connection: one per account, and a phone number belongs to one account only
 * (incoming webhooks are routed by phone number id). Secrets are stored encrypted (see secret-box.ts).
 */
export const whatsappConnections = pgTable(
  'whatsapp_connections',
  {
    ...accountOwnedColumns(),
    wabaId: text('waba_id').notNull(),
    phoneNumberId: text('phone_number_id').notNull(),
    displayPhoneNumber: text('display_phone_number'),
    /** The Graph API token, AES-256-GCM with ENCRYPTION_KEY. Never answered, never logged. */
    tokenCiphertext: text('token_ciphertext').notNull(),
    /** The two-step verification PIN set when registering the number (embedded sign-up), encrypted likewise. */
    registrationPinCiphertext: text('registration_pin_ciphertext'),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('connected'),
    /** Why Meta stopped accepting the token (its error), while disconnected. */
    disconnectReason: text('disconnect_reason'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('whatsapp_connections_account_unique').on(table.accountId),
    uniqueIndex('whatsapp_connections_phone_unique').on(table.phoneNumberId),
  ],
);

export type WhatsappConnectionRow = typeof whatsappConnections.$inferSelect;
