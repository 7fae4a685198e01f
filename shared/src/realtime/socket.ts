import { atom } from 'nanostores';
import type { Socket } from 'socket.io-client';
import { api } from '../api/client';
import { readToken } from '../auth/token-cookie';
import { runtimeConfig } from '../config';
import {
  conversationEventsOf,
  SOCKET_ABILITIES,
  type ConversationsEvent,
  type RealtimeMessageEvent,
  type RealtimeMessagesEvent,
} from '../contract';
import { setOnlineUserIds } from '../stores/online';
import { dispatchRealtimeEvent } from './events';

export type RealtimeStatus = 'closed' | 'connecting' | 'open';

export const $realtimeStatus = atom<RealtimeStatus>('closed');

type MessageListener = (event: RealtimeMessageEvent) => void;
type ReconnectListener = () => void;

const messageListeners = new Set<MessageListener>();
const reconnectListeners = new Set<ReconnectListener>();
let socket: Socket | undefined;
/** Bumped by every open and close: a socket.io-client that arrives after a close opens nothing. */
let generation = 0;

/** docs/product-rules.md#realtime: reconnect 1 s → 5 s, randomisation 0.5, unlimited attempts, 20 s connect time-out. */
export const SOCKET_OPTIONS = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20_000,
  // WebSocket first (transportsOf below): one request instead of a long-polling handshake, a POST and an upgrade
  // for every page load; HTTP long-polling only where a WebSocket cannot open (a proxy that blocks it).
  tryAllTransports: true,
} as const;

type Client = typeof import('socket.io-client');

/**
 * The transports, WebSocket first or long-polling first. socket.io-client tries long-polling at once when a
 * WebSocket fails to open, but a WebSocket that opens and is closed before engine.io's handshake (a proxy that
 * accepts the upgrade and then drops it) is noticed only by the 20 s connect time-out: here such a close counts
 * as a failure to open. A close this client asked for stays a close.
 */
function transportsOf(client: Client) {
  class WebSocketTransport extends client.WebSocket {
    private handshaken = false;
    private closing = false;

    protected override onData(data: Parameters<InstanceType<Client['WebSocket']>['onData']>[0]) {
      this.handshaken = true;
      super.onData(data);
    }

    override doClose() {
      this.closing = true;
      super.doClose();
    }

    protected override onClose(details?: Parameters<InstanceType<Client['WebSocket']>['onClose']>[0]) {
      if (this.handshaken || this.closing) super.onClose(details);
      else this.onError('websocket closed before the handshake', details?.description, details?.context);
    }
  }
  return { websocketFirst: [WebSocketTransport, client.XHR], pollingFirst: [client.XHR, WebSocketTransport] };
}

/** socket.io-client, fetched only by signed-in pages: /login never downloads it (issue #19). */
const loadClient = () => import(/* webpackChunkName: "realtime" */ 'socket.io-client');
// A page opened with a session starts the download with this module, as early as when the client was bundled
// here, so the socket joins before the first page's data can change (events before that would be missed).
if (readToken()) void loadClient().catch(() => undefined);

/** Opens the one socket of the page (the shell calls this once authenticated). */
export function openRealtime(): void {
  if (socket || $realtimeStatus.get() === 'connecting') return;
  $realtimeStatus.set('connecting');
  const opening = ++generation;
  void loadClient().then(
    (client) => {
      if (opening === generation && !socket) connect(client);
    },
    () => {
      // The chunk did not load (offline, a deploy removed it): the next sign-in or page load tries again.
      if (opening === generation) $realtimeStatus.set('closed');
    },
  );
}

function connect(client: Client): void {
  const base = runtimeConfig().apiBase || undefined;
  // The token is read at every (re)connect: a password change issues a new one and closes old sockets. Batches of
  // `conversation` and `message` events are split below, so every listener still sees one event each.
  const auth = (send: (data: object) => void) =>
    send({
      token: readToken(),
      [SOCKET_ABILITIES.conversationBatches]: true,
      [SOCKET_ABILITIES.messageBatches]: true,
    });
  const transports = transportsOf(client);
  const options = { ...SOCKET_OPTIONS, transports: transports.websocketFirst, auth };
  const created = base ? client.io(base, options) : client.io(options);
  socket = created;
  created.on('connect', () => {
    $realtimeStatus.set('open');
    // Listeners refetch what may have been missed while the socket was not joined: after a reconnect, and after
    // the first connect too, which comes after the page's first requests (socket.io-client loads on demand).
    if (reconnectListeners.size) reconnectListeners.forEach((listener) => listener());
  });
  created.on('disconnect', () => $realtimeStatus.set('connecting'));
  // A WebSocket that could not open in time (a proxy that holds it rather than refusing it, which
  // tryAllTransports does not catch): from the next attempt on, long-polling first, upgrading when it can.
  created.on('connect_error', () => {
    created.io.opts.transports = transports.pollingFirst;
  });
  created.on('getOnline', (ids: string[]) => setOnlineUserIds(Array.isArray(ids) ? ids : []));
  const onMessage = (event: RealtimeMessageEvent) => messageListeners.forEach((listener) => listener(event));
  created.on('message', onMessage);
  created.onAny((name: string, payload: unknown) => dispatchRealtimeEvent(name, payload));
  created.on('messages', (events: RealtimeMessagesEvent) => {
    if (!Array.isArray(events)) return;
    for (const event of events) {
      onMessage(event);
      dispatchRealtimeEvent('message', event);
    }
  });
  created.on('conversations', (batch: ConversationsEvent) => {
    if (!Array.isArray(batch?.conversations)) return;
    for (const event of conversationEventsOf(batch)) dispatchRealtimeEvent('conversation', event);
  });
  // An owner suspended or deleted this user: the server already refuses the token, so one call answers 401 and
  // the usual 401 reset sends the page to /login now rather than at the user's next click.
  created.on('sessionEnded', () => void api.get('/api/user/profile').catch(() => undefined));
}

export function closeRealtime(): void {
  generation += 1;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = undefined;
  $realtimeStatus.set('closed');
}

/**
 * Sends one event to the server on the page's socket, when it is connected (answers whether it was sent). Nothing is
 * queued while offline: state such as the open conversation is sent again from onRealtimeReconnect.
 */
export function emitRealtime(name: string, payload: unknown): boolean {
  if (!socket?.connected) return false;
  socket.emit(name, payload);
  return true;
}

export function onRealtimeMessage(listener: MessageListener): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

export function onRealtimeReconnect(listener: ReconnectListener): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}
