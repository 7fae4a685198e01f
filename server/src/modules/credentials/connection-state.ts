/**
 * The account's WhatsApp connection as staff see it (docs/api.md, `GET /api/account/connection` and the socket
 * event `connection`): connected, disconnected (Meta refused the token; sends are held until a reconnect) or
 * none (never connected).
 */
import { eq, and, sql } from 'drizzle-orm';
import type { GraphError } from '../../channel/whatsapp/graph-error';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import { whatsappConnections } from './schema';

export interface ConnectionState {
  status: 'connected' | 'disconnected' | 'none';
  reason?: string;
}

export const CONNECTION_EVENT = 'connection';

// Graph's token and session errors ("Error codes" in Meta's Cloud API reference; "Access token errors" in the
// Graph API's error handling guide): 190 invalid or expired token, 102 API session. Subcodes 463 (expired) and
// 464 (unconfirmed user) ride on them, as do 458, 460 and 467.
export const TOKEN_CODES: ReadonlySet<number> = new Set([190, 102]);
export const SESSION_SUBCODES: ReadonlySet<number> = new Set([463, 464]);

/** True when Meta refused the account's token itself, so every call fails until the owner reconnects. */
export function isTokenRefusal(error: GraphError): boolean {
  if (error.code !== null && TOKEN_CODES.has(error.code)) return true;
  return error.extra.subcode !== undefined && SESSION_SUBCODES.has(error.extra.subcode);
}

export async function connectionState(db: Db, accountId: string): Promise<ConnectionState> {
  const [row] = await db
    .select({ status: whatsappConnections.status, reason: whatsappConnections.disconnectReason })
    .from(whatsappConnections)
    .where(eq(whatsappConnections.accountId, accountId))
    .limit(1);
  if (!row) return { status: 'none' };
  return row.status === 'disconnected'
    ? { status: 'disconnected', ...(row.reason ? { reason: row.reason } : {}) }
    : { status: 'connected' };
}

export function announceConnection(realtime: Realtime, accountId: string, state: ConnectionState): void {
  realtime.toAccount(accountId, CONNECTION_EVENT, state);
}

const reasonOf = (error: GraphError) =>
  `WhatsApp refused the token (code ${error.code ?? error.httpStatus}${
    error.extra.subcode !== undefined ? `, subcode ${error.extra.subcode}` : ''
  }): ${error.title}`;

/**
 * Marks the connection disconnected after a token refusal and tells the account's staff, once: only the call that
 * changes the status announces it.
 */
export async function disconnectAfterRefusal(
  deps: { db: Db; realtime: Realtime },
  accountId: string,
  error: GraphError,
): Promise<void> {
  const reason = reasonOf(error);
  const [changed] = await deps.db
    .update(whatsappConnections)
    .set({ status: 'disconnected', disconnectReason: reason, updatedAt: sql`now()` })
    .where(and(eq(whatsappConnections.accountId, accountId), eq(whatsappConnections.status, 'connected')))
    .returning({ id: whatsappConnections.id });
  if (changed) announceConnection(deps.realtime, accountId, { status: 'disconnected', reason });
}
