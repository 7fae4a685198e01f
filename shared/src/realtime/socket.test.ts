import type { ConversationEvent, ConversationsEvent, RealtimeMessageEvent } from '../contract';
import { onRealtimeEvent } from './events';
import { closeRealtime, onRealtimeMessage, openRealtime } from './socket';

type Handler = (...args: unknown[]) => void;

// socket.io-client with a stand-in for `io`: records the handshake's options and lets the test deliver events.
// Its transports are the real ones, engine.io-client's: socket.io-client's CommonJS build, which jest loads, loses
// its re-export of them (its ES module build, which the browser bundle uses, has them).
const handlers = new Map<string, Handler>();
let anyHandler: Handler | undefined;
let auth: unknown;
let transports: Array<new (options: object) => any> = [];
jest.mock('socket.io-client', () => ({
  WebSocket: jest.requireActual('engine.io-client').WebSocket,
  XHR: jest.requireActual('engine.io-client').XHR,
  io: (...args: unknown[]) => {
    const options = args[args.length - 1] as {
      auth: (send: (data: object) => void) => void;
      transports: typeof transports;
    };
    options.auth((data) => {
      auth = data;
    });
    transports = options.transports;
    return {
      on: (name: string, handler: Handler) => handlers.set(name, handler),
      onAny: (handler: Handler) => {
        anyHandler = handler;
      },
      removeAllListeners: () => undefined,
      disconnect: () => undefined,
    };
  },
}));

const deliver = (name: string, payload: unknown) => {
  anyHandler?.(name, payload);
  handlers.get(name)?.(payload);
};

describe('the page socket', () => {
  beforeEach(async () => {
    openRealtime();
    // The client module loads on demand.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  afterEach(() => closeRealtime());

  it('declares in its handshake that it takes conversation and message batches', () => {
    expect(auth).toEqual(expect.objectContaining({ conversationBatches: true, messageBatches: true }));
  });

  it('hands each event of a `messages` frame to the message listeners, in order, as a single `message` would be', () => {
    const heard: RealtimeMessageEvent[] = [];
    const dispatched: unknown[] = [];
    const stopListening = onRealtimeMessage((event) => heard.push(event));
    const stopDispatch = onRealtimeEvent('message', (event) => dispatched.push(event));
    const first = { conversationId: 'c1', message: { id: 'm1' } } as unknown as RealtimeMessageEvent;
    const second = { conversationId: 'c2', message: { id: 'm2' } } as unknown as RealtimeMessageEvent;
    const single = { conversationId: 'c1', message: { id: 'm3' } } as unknown as RealtimeMessageEvent;
    deliver('messages', [first, second]);
    deliver('message', single);
    stopListening();
    stopDispatch();
    expect(heard).toEqual([first, second, single]);
    expect(dispatched).toEqual([first, second, single]);
  });

  it('hands each conversation of a batch to the `conversation` listeners, in order, with the batch’s counts', () => {
    const seen: ConversationEvent[] = [];
    const stop = onRealtimeEvent<ConversationEvent>('conversation', (event) => seen.push(event));
    const counts = { active: 2, closed: 0, archived: 1 };
    const first = { id: 'c1', unreadCount: 3 } as ConversationsEvent['conversations'][number];
    const second = { id: 'c2', unreadCount: 0 } as ConversationsEvent['conversations'][number];
    deliver('conversations', { counts, unreadTotal: 3, archivedReplies: 1, conversations: [first, second] });
    stop();
    expect(seen).toEqual([
      { counts, unreadTotal: 3, archivedReplies: 1, conversation: first },
      { counts, unreadTotal: 3, archivedReplies: 1, conversation: second },
    ]);
  });

  it('still hands a single `conversation` event to its listeners as it came', () => {
    const seen: unknown[] = [];
    const stop = onRealtimeEvent('conversation', (event) => seen.push(event));
    const event = {
      counts: { active: 1, closed: 0, archived: 0 },
      unreadTotal: 1,
      archivedReplies: 0,
      conversation: { id: 'c1' },
    };
    deliver('conversation', event);
    stop();
    expect(seen).toEqual([event]);
  });

  describe('its WebSocket transport', () => {
    /** The WebSocket transport the socket tries first, as engine.io sees it: which of error or close it reports. */
    const webSocket = () => {
      expect(transports.map((transport) => transport.prototype.name)).toEqual(['websocket', 'polling']);
      const transport = new transports[0]({ query: {}, socket: { binaryType: 'arraybuffer' } });
      const reported: string[] = [];
      transport.on('error', () => reported.push('error'));
      transport.on('close', () => reported.push('close'));
      return { transport, reported };
    };
    const closedByPeer = { description: 'websocket connection closed', context: { code: 1006 } };

    it('reports a WebSocket closed before the handshake as one that failed to open, so long-polling is tried at once', () => {
      const { transport, reported } = webSocket();
      transport.onClose(closedByPeer);
      expect(reported).toEqual(['error']);
    });

    it('reports a close once the handshake came, and a close it asked for, as a close', () => {
      const handshaken = webSocket();
      handshaken.transport.onData('0{"sid":"s1","upgrades":[],"pingInterval":25000,"pingTimeout":20000}');
      handshaken.transport.onClose(closedByPeer);
      expect(handshaken.reported).toEqual(['close']);

      const closedHere = webSocket();
      closedHere.transport.readyState = 'opening';
      closedHere.transport.ws = { close: () => undefined };
      closedHere.transport.close();
      expect(closedHere.reported).toEqual(['close']);
    });
  });
});
