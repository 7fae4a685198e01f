import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';
import type { TokenPayload } from '../contract';

export const TOKEN_COOKIE = 'token';

export function readToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE);
}

export function decodeToken(token: string): TokenPayload {
  return jwtDecode<TokenPayload>(token);
}

/** Stores the token as the spec says: secure, path /, expiring at the token's own exp. */
export function writeToken(token: string): TokenPayload {
  const payload = decodeToken(token);
  Cookies.set(TOKEN_COOKIE, token, {
    secure: true,
    path: '/',
    expires: new Date(payload.exp * 1000),
    sameSite: 'Strict',
  });
  return payload;
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
