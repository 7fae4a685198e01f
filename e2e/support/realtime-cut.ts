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
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    if (cut) {
      void socket.close({ code: 1006, reason: 'network down' });
      return;
    }
    socket.connectToServer();
    live.push(socket);
  });
  await page.route(/\/socket\.io\//, (route) => (cut ? route.abort('internetdisconnected') : route.continue()));
  return {
    /** Resolves once the page has its socket open (a cut before that would test something else). */
    async connected(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (live.length === 0) {
        if (Date.now() > deadline) throw new Error('the page opened no socket');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async cut() {
      cut = true;
      await Promise.all(live.splice(0).map((socket) => socket.close({ code: 1006, reason: 'network down' })));
    },
    restore() {
      cut = false;
    },
  };
}
