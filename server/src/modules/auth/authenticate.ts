/**
 * From a bearer token to the caller: the signature and expiry (tokens.ts), then the user row as it is NOW —
 * a deleted or suspended user, or a token issued before the last password change / suspension (token version
 * `tv` ≠ users.token_version), is refused with 401 at the next request.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Authenticator } from '../../http/access';
import { unauthorized } from '../../http/errors';
import { users } from '../users/schema';
import type { TokenService } from './tokens';

export function createAuthenticator(db: Db, tokens: TokenService): Authenticator {
  return async (token) => {
    const claims = await tokens.verify(token);
    const [user] = await db
      .select({
        id: users.id,
        accountId: users.accountId,
        role: users.role,
        status: users.status,
        tokenVersion: users.tokenVersion,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, claims.userId))
      .limit(1);
    if (!user || user.deletedAt) throw unauthorized('This user no longer exists');
    if (user.status === 'hold') throw unauthorized('Your account is suspended. Contact your account owner.');
    if (user.tokenVersion !== claims.tokenVersion || user.accountId !== claims.accountId) {
      throw unauthorized('Your session has ended, please log in again');
    }
    return { userId: user.id, accountId: user.accountId, role: user.role };
  };
}
