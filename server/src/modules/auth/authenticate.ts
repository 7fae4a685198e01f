/**
 * From a bearer token to the caller: the signature and expiry (tokens.ts), then the user row as it is NOW —
 * a deleted or suspended user, or a token issued before the last password change / suspension (token version
 * `tv` ≠ users.token_version), is refused with 401 at the next request.
 */
import { ERROR_TEXTS } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Authenticator } from '../../http/access';
import { unauthorized } from '../../http/errors';
import { users } from '../users/schema';
import type { TokenService } from './tokens';

export function createAuthenticator(db: Db, tokens: TokenService): Authenticator {
  // Every request and socket connect runs it: built once, not per call.
  const userById = db
    .select({
      id: users.id,
      accountId: users.accountId,
      role: users.role,
      status: users.status,
      tokenVersion: users.tokenVersion,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('authenticate_user');
  return async (token) => {
    const claims = await tokens.verify(token);
    const [user] = await userById.execute({ userId: claims.userId });
    if (!user || user.deletedAt) throw unauthorized(ERROR_TEXTS.user_gone);
    if (user.status === 'hold') throw unauthorized(ERROR_TEXTS.user_suspended);
    if (user.tokenVersion !== claims.tokenVersion || user.accountId !== claims.accountId) {
      throw unauthorized(ERROR_TEXTS.session_ended);
    }
    return { userId: user.id, accountId: user.accountId, role: user.role };
  };
}
