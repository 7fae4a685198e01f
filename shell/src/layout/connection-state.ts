import { $isAuthenticated, api, followLive, readToken, type ConnectionState } from '@parley/shared';
import { atom } from 'nanostores';
import { useEffect } from 'react';

/** The account's WhatsApp connection as last heard (undefined until the server has answered). */
export const $connection = atom<ConnectionState | undefined>(undefined);

// Signing out forgets it: the next account may be connected.
$isAuthenticated.listen((authenticated) => {
  if (!authenticated) $connection.set(undefined);
});

function isConnectionState(value: unknown): value is ConnectionState {
  const status = (value as ConnectionState | null)?.status;
  return status === 'connected' || status === 'disconnected' || status === 'none';
}

/**
 * Keeps $connection current: asks the server, then follows the socket's `connection` events, and asks again when the
 * socket connects. Unknown is not disconnected: a failed look-up shows no banner.
 */
export function useConnectionState(): void {
  useEffect(() => {
    // Like the socket (realtime/use-realtime-connection.ts): nothing to ask without a token, and a call would
    // only answer 401 and reset the session.
    if (!readToken()) return;
    const take = (value: unknown) => isConnectionState(value) && ($connection.set(value), true);
    return followLive({
      load: () => api.get<unknown>('/api/account/connection').then(({ data }) => data),
      onAnswer: take,
      event: 'connection',
      onEvent: take,
    });
  }, []);
}
