import { createHash } from 'node:crypto';
import { digitsOnly } from '../ids';

/**
 * How a sandbox customer appears to Meta: a phone (wa_id), a business-scoped user id (a customer with a
 * WhatsApp username), or both. Meta's BSUIDs look like 'US.13491208655302741918' ("Business-scoped user IDs").
 */
export interface CustomerIdentity {
  /** The sandbox's key for the customer: the wa_id, else the user id. */
  key: string;
  waId?: string;
  userId?: string;
  username?: string;
}

/** A stable user id for a username, so the same username is the same customer across restarts. */
export function userIdForUsername(username: string): string {
  const hash = createHash('sha256').update(username.toLowerCase()).digest();
  const digits = Array.from(hash.subarray(0, 19), (byte) => String(byte % 10)).join('');
  return `US.${digits}`;
}

export function customerIdentity(request: { from?: string; username?: string; userId?: string }): CustomerIdentity {
  const username = request.username?.trim().replace(/^@/, '') || undefined;
  const userId = request.userId?.trim() || (username ? userIdForUsername(username) : undefined);
  const phone = request.from ? digitsOnly(String(request.from)) : undefined;
  if (request.from !== undefined && request.from !== '' && (!phone || phone.length < 7 || phone.length > 15))
    throw new Error('from must be a phone number with country code, e.g. +15550001.');
  if (!phone && !userId) throw new Error('from (a phone with country code, e.g. +15550001) or a username is required.');
  return {
    key: phone || (userId as string),
    ...(phone ? { waId: phone } : {}),
    ...(userId ? { userId } : {}),
    ...(username ? { username } : {}),
  };
}
