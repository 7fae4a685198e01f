/**
 * The account's WhatsApp connection, for the rest of the server (webhook routing, sends, flows):
 *
 *   getCredentials(deps, accountId)                 → with the decrypted token — server-side only, never answered
 *   findAccountByPhoneNumberId(deps, phoneNumberId) → which account a webhook's phone number belongs to
 *   saveCredentials(deps, input)                    → create or replace the account's connection
 *
 * `deps` is anything with `db` and `config` (AppServices fits).
 */
import { ERROR_TEXTS } from '@parley/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import { forgetPhoneNumberAccounts } from './phone-number-accounts';
import { openSecret, sealSecret } from './secret-box';
import { whatsappConnections, type ConnectionStatus, type WhatsappConnectionRow } from './schema';

export interface CredentialsDeps {
  db: Db;
  config: Pick<Config, 'encryptionKey'>;
}

/** A connection without its secrets. */
export interface ConnectionSummary {
  accountId: string;
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string | null;
  status: ConnectionStatus;
  connectedAt: Date;
  updatedAt: Date;
}

export interface StoredCredentials extends ConnectionSummary {
  /** The Graph API token, decrypted. Keep it out of answers and logs. */
  token: string;
  registrationPin: string | null;
}

export interface CredentialsInput {
  accountId: string;
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber?: string | null;
  token: string;
  registrationPin?: string | null;
}

export const PHONE_TAKEN = ERROR_TEXTS.phone_taken;

const summary = (row: WhatsappConnectionRow): ConnectionSummary => ({
  accountId: row.accountId,
  wabaId: row.wabaId,
  phoneNumberId: row.phoneNumberId,
  displayPhoneNumber: row.displayPhoneNumber,
  status: row.status,
  connectedAt: row.connectedAt,
  updatedAt: row.updatedAt,
});

export async function getCredentials(deps: CredentialsDeps, accountId: string): Promise<StoredCredentials | null> {
  const [row] = await deps.db
    .select()
    .from(whatsappConnections)
    .where(eq(whatsappConnections.accountId, accountId))
    .limit(1);
  if (!row) return null;
  const key = deps.config.encryptionKey;
  return {
    ...summary(row),
    token: openSecret(key, row.tokenCiphertext, row.accountId),
    registrationPin: row.registrationPinCiphertext
      ? openSecret(key, row.registrationPinCiphertext, row.accountId)
      : null,
  };
}

export async function findAccountByPhoneNumberId(
  deps: Pick<CredentialsDeps, 'db'>,
  phoneNumberId: string,
): Promise<ConnectionSummary | null> {
  const [row] = await deps.db
    .select()
    .from(whatsappConnections)
    .where(eq(whatsappConnections.phoneNumberId, phoneNumberId))
    .limit(1);
  return row ? summary(row) : null;
}

/** True when another account already holds this phone number (checked before any Graph side effect). */
export async function isPhoneNumberTaken(
  deps: Pick<CredentialsDeps, 'db'>,
  phoneNumberId: string,
  accountId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: whatsappConnections.id })
    .from(whatsappConnections)
    .where(and(eq(whatsappConnections.phoneNumberId, phoneNumberId), ne(whatsappConnections.accountId, accountId)))
    .limit(1);
  return Boolean(row);
}

/** Creates or replaces the account's connection (status connected). 409 when another account has the number. */
export async function saveCredentials(deps: CredentialsDeps, input: CredentialsInput): Promise<ConnectionSummary> {
  if (await isPhoneNumberTaken(deps, input.phoneNumberId, input.accountId)) throw conflict(PHONE_TAKEN);
  const key = deps.config.encryptionKey;
  const now = new Date();
  const values = {
    wabaId: input.wabaId,
    phoneNumberId: input.phoneNumberId,
    displayPhoneNumber: input.displayPhoneNumber ?? null,
    tokenCiphertext: sealSecret(key, input.token, input.accountId),
    registrationPinCiphertext: input.registrationPin ? sealSecret(key, input.registrationPin, input.accountId) : null,
    status: 'connected' as const,
    disconnectReason: null,
    connectedAt: now,
    updatedAt: now,
  };
  try {
    const [row] = await deps.db
      .insert(whatsappConnections)
      .values({ accountId: input.accountId, ...values })
      .onConflictDoUpdate({ target: whatsappConnections.accountId, set: values })
      .returning();
    forgetPhoneNumberAccounts(deps.db);
    return summary(row);
  } catch (error) {
    // Two accounts racing for the same number: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(PHONE_TAKEN);
    throw error;
  }
}
