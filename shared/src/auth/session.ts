import { clearAnswerCache } from '../api/answer-cache';
import { setUnauthorizedHandler } from '../api/client';
import { closeRealtime } from '../realtime/socket';
import { $persisted, emptyPersistedState, updatePersisted } from '../stores/persisted';
import { removeToken, writeToken } from './token-cookie';

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

/** Logout: spec section 2. The caller navigates to /login. */
export function endSession(): void {
  resetClientState();
}

setUnauthorizedHandler(resetClientState);
