// Many socket.io clients (agents' browsers) in this process. WebSocket transport straight away: the long-poll
// handshake the browser starts with costs the same for Parley and the baseline and is not what is measured.
import { io } from 'socket.io-client';

/**
 * Opens `count` sockets to `url`, the i-th with `tokens[i % tokens.length]`, `parallel` at a time, within
 * `timeoutMs`. `onMessage(index, event)` gets every `message` event, also each of a `messages` frame.
 */
export async function connectSockets(url, { tokens, count, onMessage, parallel = 25, timeoutMs = 120_000 }) {
  const sockets = [];
  const deadline = Date.now() + timeoutMs;
  const openOne = (index) =>
    new Promise((resolve, reject) => {
      const socket = io(url, {
        transports: ['websocket'],
        // As the browser (shared/src/realtime/socket.ts): batches of `conversation` and `message` events.
        auth: { token: tokens[index % tokens.length], conversationBatches: true, messageBatches: true },
        reconnection: false,
        forceNew: true,
        timeout: Math.max(1000, deadline - Date.now()),
      });
      sockets[index] = socket;
      if (onMessage) {
        // `message` from the relay (one event per message), `messages` frames from Parley.
        socket.on('message', (event) => onMessage(index, event));
        socket.on('messages', (events) => events.forEach((event) => onMessage(index, event)));
      }
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`socket ${index}: ${error.message}`)));
    });
  try {
    for (let start = 0; start < count; start += parallel) {
      if (Date.now() > deadline) throw new Error(`only ${start} of ${count} sockets connected in ${timeoutMs} ms`);
      await Promise.all(Array.from({ length: Math.min(parallel, count - start) }, (_, i) => openOne(start + i)));
    }
  } catch (error) {
    for (const socket of sockets) socket?.disconnect();
    throw error;
  }
  return {
    sockets,
    connected: () => sockets.filter((socket) => socket.connected).length,
    close() {
      for (const socket of sockets) socket.disconnect();
    },
  };
}
