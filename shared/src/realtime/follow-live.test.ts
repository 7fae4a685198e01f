import { dispatchRealtimeEvent, onRealtimeEvent } from './events';
import { followLive } from './follow-live';

// The socket's connect, which calls the listeners onRealtimeReconnect keeps; events go through the page's own
// dispatch.
const connectListeners = new Set<() => void>();
const sources = {
  onRealtimeEvent,
  onRealtimeReconnect: (listener: () => void) => {
    connectListeners.add(listener);
    return () => connectListeners.delete(listener);
  },
};
const socketConnects = () => connectListeners.forEach((listener) => listener());

/** A GET whose answer the test gives when it wants (the network decides the order, not the page). */
function requests() {
  const pending: Array<(value: string) => void> = [];
  return {
    load: () => new Promise<string>((resolve) => pending.push(resolve)),
    answer: (index: number, value: string) => pending[index](value),
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function follow(server: ReturnType<typeof requests>) {
  const shown: string[] = [];
  const stop = followLive<string, { status?: string }>(
    {
      load: server.load,
      onAnswer: (answer) => shown.push(answer),
      event: 'connection',
      onEvent: (payload) => (payload.status ? shown.push(payload.status) > 0 : false),
    },
    sources,
  );
  return { shown, stop };
}

describe('followLive', () => {
  afterEach(() => connectListeners.clear());

  it('shows the answer when nothing changed after its request', async () => {
    const server = requests();
    const { shown } = follow(server);
    server.answer(0, 'connected');
    await settle();
    expect(shown).toEqual(['connected']);
  });

  it('keeps a change announced after the request, even when the older answer arrives after it', async () => {
    const server = requests();
    const { shown } = follow(server);
    dispatchRealtimeEvent('connection', { status: 'disconnected' });
    server.answer(0, 'connected');
    await settle();
    expect(shown).toEqual(['disconnected']);
  });

  it('asks again when the socket connects, and an earlier request answering last does not replace that answer', async () => {
    const server = requests();
    const { shown } = follow(server);
    socketConnects();
    server.answer(1, 'disconnected');
    await settle();
    server.answer(0, 'connected');
    await settle();
    expect(shown).toEqual(['disconnected']);
  });

  it('an event that carries no value does not set the answer aside', async () => {
    const server = requests();
    const { shown } = follow(server);
    dispatchRealtimeEvent('connection', {});
    server.answer(0, 'connected');
    await settle();
    expect(shown).toEqual(['connected']);
  });

  it('takes neither answers nor events once stopped', async () => {
    const server = requests();
    const { shown, stop } = follow(server);
    stop();
    server.answer(0, 'connected');
    dispatchRealtimeEvent('connection', { status: 'disconnected' });
    socketConnects();
    await settle();
    expect(shown).toEqual([]);
  });
});
