import {
  $isAuthenticated,
  api,
  onRealtimeEvent,
  onRealtimeReconnect,
  readToken,
  type ConnectionState,
} from '@parley/shared';
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

function refresh(): void {
  api.get<ConnectionState>('/api/account/connection').then(
    ({ data }) => isConnectionState(data) && $connection.set(data),
    // Unknown is not disconnected: no banner on a failed look-up.
    () => undefined,
  );
}

/** Keeps $connection current: asks the server, then follows the socket's `connection` events and reconnects. */
export function useConnectionState(): void {
  useEffect(() => {
    // Like the socket (realtime/use-realtime-connection.ts): nothing to ask without a token, and a call would
    // only answer 401 and reset the session.
    if (!readToken()) return;
    refresh();
    const stopEvents = onRealtimeEvent<unknown>('connection', (payload) => {
      if (isConnectionState(payload)) $connection.set(payload);
    });
    // Events sent while the socket was down are missed: ask again.
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopEvents();
      stopReconnect();
    };
  }, []);
}
