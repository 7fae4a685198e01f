/** socket.io clients of a test server, connected as the browser connects (shell/src: WebSocket only). */
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** A new connection (no reconnection: a test sees a drop), with the token when one is given. */
export function openSocket(
  url: string,
  token: string | undefined,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Socket {
  return connect(url, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
}

/**
 * Resolves once the socket is up: at 'connect' (the handshake was accepted) or at its first 'getOnline' (the
 * server has also counted it online and joined its rooms); rejects with the refusal's error otherwise.
 */
export function connected(socket: Socket, until: 'connect' | 'getOnline' = 'getOnline'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once(until, () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** What a refused connection was told, or 'connected' when it was not refused. */
export function refusal(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}
