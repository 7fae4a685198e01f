/**
 * From a bearer token to the caller: the signature and expiry (tokens.ts), then the user row as it is NOW —
 * a deleted or suspended user, or a token issued before the last password change / suspension (token version
 * `tv` ≠ users.token_version), is refused with 401 at the next request.
 *
 * On PGlite the rows are kept in memory between requests and socket connects: the users table's trigger
 * (migration 0017) sends a notice for every changed or deleted row, which forgets it before the writing
 * transaction's promise resolves (DatabaseHandle.listen), so no request after a suspension reads the old row.
 * On PostgreSQL every call reads the row; the rows asked for together (a team's tabs reconnecting after a deploy,
 * the requests of one page) are read by one statement (DataLoader): 1,000 sockets connecting 20 at a time took
 * 1.8–2.3 s with one read each and take 1.5–1.7 s so, against the relay's 0.8–1.2 (bench P6, docs/reliability.md).
 */
import { ERROR_TEXTS } from '@parley/contract';
import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../../db/client';
import type { Authenticator } from '../../http/access';
import { unauthorized } from '../../http/errors';
import { users } from '../users/schema';
import type { TokenService } from './tokens';

/** More rows than a PGlite deployment has users: past it the kept rows are dropped, not grown without end. */
const MAX_KEPT = 10_000;

export async function createAuthenticator(
  db: Db,
  tokens: TokenService,
  listen?: DatabaseHandle['listen'],
): Promise<Authenticator> {
  // Every request and socket connect runs it: built once, not per call.
  const usersByIds = db
    .select({
      id: users.id,
      accountId: users.accountId,
      role: users.role,
      status: users.status,
      tokenVersion: users.tokenVersion,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('userIds')}::uuid[])`)
    .prepare('authenticate_users');
  type UserRow = Awaited<ReturnType<typeof usersByIds.execute>>[number];
  // The ids asked for until the event loop's next check phase (the connects and requests whose data came in the
  // same poll), read at once. No cache of its own: every call reads the row as it is now.
  const reads = new DataLoader<string, UserRow | undefined>(
    async (userIds) => {
      const rows = await usersByIds.execute({ userIds: [...userIds] });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return userIds.map((userId) => byId.get(userId));
    },
    { cache: false, batchScheduleFn: (read) => setImmediate(read) },
  );
  const kept = new Map<string, UserRow>();
  let notices = 0;
  await listen?.('users_changed', (userId) => {
    notices += 1;
    if (userId) kept.delete(userId);
    else kept.clear();
  });
  const userRow = async (userId: string): Promise<UserRow | undefined> => {
    const known = kept.get(userId);
    if (known) return known;
    const noticesBefore = notices;
    const row = await reads.load(userId);
    // A notice that came while the row was read may be about this row: keep only a read no write overtook.
    if (listen && row && notices === noticesBefore) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(userId, row);
    }
    return row;
  };
  return async (token) => {
    const claims = await tokens.verify(token);
    const user = await userRow(claims.userId);
    if (!user || user.deletedAt) throw unauthorized(ERROR_TEXTS.user_gone);
    if (user.status === 'hold') throw unauthorized(ERROR_TEXTS.user_suspended);
    if (user.tokenVersion !== claims.tokenVersion || user.accountId !== claims.accountId) {
      throw unauthorized(ERROR_TEXTS.session_ended);
    }
    return { userId: user.id, accountId: user.accountId, role: user.role };
  };
}
