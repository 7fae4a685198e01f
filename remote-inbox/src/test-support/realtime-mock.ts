import type { RealtimeMessageEvent } from '@parley/shared';

/**
 * Stand-ins for the shell's socket. Use in a test file with:
 *   jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());
 */
const messageListeners = new Set<(event: RealtimeMessageEvent) => void>();
const reconnectListeners = new Set<() => void>();

export function sharedWithFakeRealtime() {
  const actual = jest.requireActual('@parley/shared');
  const fake = {
    onRealtimeMessage: (listener: (event: RealtimeMessageEvent) => void) => {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    onRealtimeReconnect: (listener: () => void) => {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    onRealtimeEvent: (name: string, listener: (payload: unknown) => void) => {
      const listeners = namedListeners.get(name) ?? new Set();
      namedListeners.set(name, listeners);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    ...actual,
    ...fake,
    followLive: (options: object) => actual.followLive(options, fake),
  };
}

const namedListeners = new Map<string, Set<(payload: unknown) => void>>();

/** A named socket event (`conversation`, …) to the listeners of `onRealtimeEvent`. */
export function emitNamedEvent(name: string, payload: unknown): void {
  namedListeners.get(name)?.forEach((listener) => listener(payload));
}

export function emitMessage(event: RealtimeMessageEvent): void {
  messageListeners.forEach((listener) => listener(event));
}

export function emitReconnect(): void {
  reconnectListeners.forEach((listener) => listener());
}
