/**
 * Session tokens: HS256 JWTs signed with JWT_SECRET (jose).
 * Payload: sub (user id), acc (account id), role, lastLoginDate (ISO), tv (the user's token version), iat, exp.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../../http/errors';
import { USER_ROLES, type UserRole } from '../users/schema';

export interface TokenClaims {
  userId: string;
  accountId: string;
  role: UserRole;
  lastLoginDate: string;
  tokenVersion: number;
}

export interface VerifiedToken extends TokenClaims {
  expiresAt: Date;
}

/** Ids are uuids; a token naming anything else is refused before it reaches a query (a cast error would be a 500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenService {
  sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }>;
  /** Throws a 401 HttpError for a bad signature, an expired token or a malformed payload. */
  verify(token: string): Promise<VerifiedToken>;
}

export function createTokenService(secret: string, ttlHours: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const exp = issuedAt + Math.round(ttlHours * 3600);
      const token = await new SignJWT({
        acc: claims.accountId,
        role: claims.role,
        lastLoginDate: claims.lastLoginDate,
        tv: claims.tokenVersion,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('Your session has expired, please log in again');
        throw unauthorized('Invalid token');
      }
      const { sub, acc, role, lastLoginDate, tv, exp } = payload;
      if (
        typeof sub !== 'string' ||
        !UUID.test(sub) ||
        typeof acc !== 'string' ||
        !UUID.test(acc) ||
        !USER_ROLES.includes(role as UserRole) ||
        typeof lastLoginDate !== 'string' ||
        typeof tv !== 'number' ||
        typeof exp !== 'number'
      ) {
        throw unauthorized('Invalid token');
      }
      return {
        userId: sub,
        accountId: acc,
        role: role as UserRole,
        lastLoginDate,
        tokenVersion: tv,
        expiresAt: new Date(exp * 1000),
      };
    },
  };
}
