/**
 * `messages` frames (docs/api.md, Realtime): the `message` events meant for sockets that take batches, sent at most
 * one frame per FRAME_MS. An event goes at once (at the end of the event loop's turn, with the others announced in
 * it, such as a batch's); events that follow within FRAME_MS of the last frame wait for the next one, which carries
 * all of them in order. In a burst most of the server's CPU per message was writing a frame to each agent's socket
 * (bench P1: 50 agents, 200 messages a second; docs/reliability.md), and a frame for several messages costs little
 * more than one. 16 ms is a screen's frame at 60 Hz: a browser could not show them sooner.
 */
export const FRAME_MS = 16;

export interface MessageFrames {
  /** Queues `payload` (one `message` event) for the room; sent this turn when no frame went out in the last FRAME_MS. */
  add(room: string, payload: unknown): void;
  /** Sends what waits now (before events that must follow those messages, such as a round's `conversations`). */
  flush(): void;
}

/**
 * `send(room, payloads)` emits one frame; `now` is the clock (tests give theirs with jest's fake timers). One window
 * for the whole process, not one per account: simpler, and an event of a quiet account waits at most FRAME_MS behind
 * a busy one.
 */
export function createMessageFrames(
  send: (room: string, payloads: unknown[]) => void,
  { now = Date.now }: { now?: () => number } = {},
): MessageFrames {
  let waiting = new Map<string, unknown[]>();
  let lastFrameAt = Number.NEGATIVE_INFINITY;
  let scheduled: { cancel(): void } | undefined;

  function flush() {
    scheduled?.cancel();
    scheduled = undefined;
    if (waiting.size === 0) return;
    const frames = waiting;
    waiting = new Map();
    lastFrameAt = now();
    for (const [room, payloads] of frames) send(room, payloads);
  }

  return {
    add(room, payload) {
      const list = waiting.get(room);
      if (list) list.push(payload);
      else waiting.set(room, [payload]);
      if (scheduled) return;
      const wait = lastFrameAt + FRAME_MS - now();
      if (wait <= 0) {
        const immediate = setImmediate(flush);
        scheduled = { cancel: () => clearImmediate(immediate) };
      } else {
        const timer = setTimeout(flush, wait);
        scheduled = { cancel: () => clearTimeout(timer) };
      }
    },
    flush,
  };
}
