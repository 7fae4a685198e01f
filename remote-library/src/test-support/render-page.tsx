// Test helpers for page components: who is signed in, a clean client, and the page helpers every remote shares
// (tooling/jest-page-helpers.tsx).
import { $persisted, clearAnswerCache, emptyPersistedState } from '@parley/shared';

export function signIn(role: 'owner' | 'agent'): void {
  $persisted.set({
    ...emptyPersistedState(),
    session: { isAuthenticated: true, lastLoginDate: null, isOwner: role === 'owner' },
  });
}

export function resetClient(): void {
  $persisted.set(emptyPersistedState());
  clearAnswerCache();
}

export { renderPage, httpError as httpFailure } from '../../../tooling/jest-page-helpers';
