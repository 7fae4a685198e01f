import { clearAnswerCache } from '../api/answer-cache';
import { api, apiClientReady, setUnauthorizedHandler } from '../api/client';
import { closeRealtime } from '../realtime/socket';
import { $persisted, emptyPersistedState, updatePersisted } from '../stores/persisted';
import { readToken, removeToken, writeToken } from './token-cookie';

/** After a successful sign-in: keep the token, and derive the session from it (isOwner only for role owner). */
export function startSession(token: string): void {
  const payload = writeToken(token);
  updatePersisted({
    session: { isAuthenticated: true, lastLoginDate: payload.lastLoginDate ?? null, isOwner: payload.role === 'owner' },
  });
}

/** Clears everything the client knows: persisted state, answer cache, token cookie, socket. */
export function resetClientState(): void {
  removeToken();
  closeRealtime();
  $persisted.set(emptyPersistedState());
  clearAnswerCache();
}

/**
 * Logout: docs/product-rules.md#routes. The server revokes the token (POST /auth/logout, so a copy of it opens nothing and the
 * sockets are closed); the client forgets everything at once, whatever the server answers. The caller navigates
 * to /login.
 */
export function endSession(): void {
  const token = readToken();
  // The bearer is set here: the cookie is gone before the request interceptor would read it.
  if (token)
    void api.post('/auth/logout', null, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
  resetClientState();
}

setUnauthorizedHandler(resetClientState);

// A signed-in page calls the API as soon as it renders: fetch the client now, beside the shell's other chunks.
if (readToken()) void apiClientReady().catch(() => undefined);
