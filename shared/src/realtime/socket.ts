import { atom } from 'nanostores';
import { io, type Socket } from 'socket.io-client';
import { api } from '../api/client';
import { readToken } from '../auth/token-cookie';
import { runtimeConfig } from '../config';
import type { RealtimeMessageEvent } from '../contract';
import { setOnlineUserIds } from '../stores/online';

export type RealtimeStatus = 'closed' | 'connecting' | 'open';

export const $realtimeStatus = atom<RealtimeStatus>('closed');

type MessageListener = (event: RealtimeMessageEvent) => void;
type ReconnectListener = () => void;

const messageListeners = new Set<MessageListener>();
const reconnectListeners = new Set<ReconnectListener>();
let socket: Socket | undefined;

/** Spec section 4 and 9: reconnect 1 s → 5 s, randomisation 0.5, unlimited attempts, 20 s connect time-out. */
export const SOCKET_OPTIONS = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20_000,
} as const;

/** Opens the one socket of the page (the shell calls this once authenticated). */
export function openRealtime(): void {
  if (socket) return;
  $realtimeStatus.set('connecting');
  const base = runtimeConfig().apiBase || undefined;
  // The token is read at every (re)connect: a password change issues a new one and closes old sockets.
  const auth = (send: (data: object) => void) => send({ token: readToken() });
  const created = base ? io(base, { ...SOCKET_OPTIONS, auth }) : io({ ...SOCKET_OPTIONS, auth });
  socket = created;
  let connectedBefore = false;
  created.on('connect', () => {
    $realtimeStatus.set('open');
    // After a reconnect, listeners refetch what may have been missed while the socket was down.
    if (connectedBefore) reconnectListeners.forEach((listener) => listener());
    connectedBefore = true;
  });
  created.on('disconnect', () => $realtimeStatus.set('connecting'));
  created.on('getOnline', (ids: string[]) => setOnlineUserIds(Array.isArray(ids) ? ids : []));
  created.on('message', (event: RealtimeMessageEvent) => messageListeners.forEach((listener) => listener(event)));
  // An owner suspended or deleted this user: the server already refuses the token, so one call answers 401 and
  // the usual 401 reset sends the page to /login now rather than at the user's next click.
  created.on('sessionEnded', () => void api.get('/api/user/profile').catch(() => undefined));
}

export function closeRealtime(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = undefined;
  $realtimeStatus.set('closed');
}

export function onRealtimeMessage(listener: MessageListener): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

export function onRealtimeReconnect(listener: ReconnectListener): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}
