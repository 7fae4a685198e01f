import { onRealtimeEvent } from './events';
import { onRealtimeReconnect } from './socket';

export interface FollowLiveOptions<Answer, Event> {
  /** Asks the server for the value (a GET). */
  load: () => Promise<Answer>;
  onAnswer: (answer: Answer) => void;
  /** The socket event that carries the whole value after each change. */
  event: string;
  /** Takes the value from an event; answers false when the event carried none (nothing changed here). */
  onEvent: (payload: Event) => boolean;
}

/** Where the events and the socket's connects come from: the page's socket, or a test's stand-in for it. */
export interface LiveSources {
  onRealtimeEvent: typeof onRealtimeEvent;
  onRealtimeReconnect: typeof onRealtimeReconnect;
}

/**
 * Keeps a value the server owns current on the page: asks for it now and after every connect of the socket (events
 * sent while it was not joined are missed), and takes it from each event in between. An answer counts only when no
 * other request went out and no event changed the value after its request: the server answers and announces on two
 * connections, so an answer read before a change can reach the page after the change's event, and would put the old
 * value back (docs/reliability.md, row 22). Answers the function that stops following.
 */
export function followLive<Answer, Event = unknown>(
  options: FollowLiveOptions<Answer, Event>,
  sources: LiveSources = { onRealtimeEvent, onRealtimeReconnect },
): () => void {
  // Bumped by every request and every event that changed the value: an answer is the newest word only if nothing
  // bumped it after its request.
  let latest = 0;
  let stopped = false;
  const load = () => {
    const request = ++latest;
    options.load().then(
      (answer) => !stopped && request === latest && options.onAnswer(answer),
      // A failed look-up keeps what the page shows (the caller's default or the last value).
      () => undefined,
    );
  };
  load();
  const stopEvents = sources.onRealtimeEvent<Event>(options.event, (payload) => {
    if (options.onEvent(payload)) latest += 1;
  });
  const stopReconnect = sources.onRealtimeReconnect(load);
  return () => {
    stopped = true;
    stopEvents();
    stopReconnect();
  };
}
