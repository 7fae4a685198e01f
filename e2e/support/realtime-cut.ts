import type { Page, WebSocketRoute } from 'playwright-core';

/**
 * Routes a page's socket.io connections through the test so that the network can be cut and restored at will: the
 * open socket dies at once (as when a connection drops) and every reconnection attempt fails until `restore()`.
 * Chromium's offline emulation leaves an open WebSocket alone, so socket.io would only notice at its ping time-out.
 * Call it before the page opens Parley.
 */
export async function cuttableRealtime(page: Page) {
  let cut = false;
  const live: WebSocketRoute[] = [];
  // socket.io's CONNECT answer ("40…") handed to the page: the socket has joined, not merely opened (the client
  // opens its WebSocket before socket.io's handshake, so a cut between the two would test a first connect, not a
  // reconnect). Counted when this route forwards it, not when the browser's socket receives it: the page's script
  // gets it only after that forward, and a cut sent in between reached the page first (a busy CI run, 2026-12-02:
  // the page never saw its socket open, so it rightly showed no "Reconnecting…"). A close sent after the forward
  // reaches the page after it.
  let joined = false;
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    if (cut) {
      void socket.close({ code: 1006, reason: 'network down' });
      return;
    }
    const server = socket.connectToServer();
    server.onMessage((message) => {
      socket.send(message);
      if (typeof message === 'string' && message.startsWith('40')) joined = true;
    });
    live.push(socket);
  });
  await page.route(/\/socket\.io\//, (route) => (cut ? route.abort('internetdisconnected') : route.continue()));
  return {
    /** Resolves once the page's socket has joined (a cut before that would test something else). */
    async connected(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (live.length === 0 || !joined) {
        if (Date.now() > deadline) throw new Error('the page’s socket never joined');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async cut() {
      cut = true;
      joined = false;
      await Promise.all(live.splice(0).map((socket) => socket.close({ code: 1006, reason: 'network down' })));
    },
    restore() {
      cut = false;
    },
  };
}
