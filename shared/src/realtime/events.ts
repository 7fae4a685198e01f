type EventListener = (payload: unknown) => void;

const listeners = new Map<string, Set<EventListener>>();

/**
 * Listens to one named event of the page's socket (e.g. `connection`), for events that need no special handling
 * here. Answers the function that stops listening.
 */
export function onRealtimeEvent<T>(name: string, listener: (payload: T) => void): () => void {
  const named = listeners.get(name) ?? new Set<EventListener>();
  listeners.set(name, named);
  named.add(listener as EventListener);
  return () => {
    named.delete(listener as EventListener);
  };
}

/** Hands one socket event to its listeners (the socket calls this for every event it receives). */
export function dispatchRealtimeEvent(name: string, payload: unknown): void {
  listeners.get(name)?.forEach((listener) => listener(payload));
}
