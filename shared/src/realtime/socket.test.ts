import type { ConversationEvent, ConversationsEvent } from '../contract';
import { onRealtimeEvent } from './events';
import { closeRealtime, openRealtime } from './socket';

type Handler = (...args: unknown[]) => void;

// A socket.io-client stand-in: records the handshake's auth and lets the test deliver events.
const handlers = new Map<string, Handler>();
let anyHandler: Handler | undefined;
let auth: unknown;
jest.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    const options = args[args.length - 1] as { auth: (send: (data: object) => void) => void };
    options.auth((data) => {
      auth = data;
    });
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

  it('declares in its handshake that it takes conversation batches', () => {
    expect(auth).toEqual(expect.objectContaining({ conversationBatches: true }));
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
});
