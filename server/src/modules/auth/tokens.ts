/**
 * Session tokens: HS256 JWTs signed with JWT_SECRET (jose).
 * Payload: sub (user id), acc (account id), role, lastLoginDate (ISO), tv (the user's token version), iat, exp.
 */
import { ERROR_TEXTS } from '@parley/contract';
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

/**
 * Tokens already verified, by their full text (signature included), so a hit is the same bytes this secret
 * checked before. Every request and socket connect verifies its token, and the HMAC through WebCrypto cost about
 * 0.5 ms each (bench P6: 1,000 sockets of 20 users). Expiry is checked again on every hit; whether the user may
 * still sign in is the authenticator's check of the user row (authenticate.ts), made every time.
 */
const VERIFIED_CACHE_SIZE = 10_000;

const expired = () => unauthorized(ERROR_TEXTS.session_expired);
/** As jose decides it: expired once the current second reaches `exp`. */
const isExpired = (expiresAt: Date) => Math.floor(Date.now() / 1000) >= expiresAt.getTime() / 1000;

export function createTokenService(secret: string, ttlHours: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, VerifiedToken>();
  const remember = (token: string, claims: VerifiedToken) => {
    // Oldest first out (a Map keeps insertion order).
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
  };
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
      const known = verified.get(token);
      if (known) {
        if (!isExpired(known.expiresAt)) return { ...known, expiresAt: new Date(known.expiresAt) };
        verified.delete(token);
        throw expired();
      }
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw expired();
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
      const claims: VerifiedToken = {
        userId: sub,
        accountId: acc,
        role: role as UserRole,
        lastLoginDate,
        tokenVersion: tv,
        expiresAt: new Date(exp * 1000),
      };
      remember(token, { ...claims, expiresAt: new Date(claims.expiresAt) });
      return claims;
    },
  };
}
