import type { RealtimeMessageEvent } from '@parley/shared';
import { aMessage } from '../test-support/fixtures';
import { countIncoming, EMPTY_UNREAD, markRead } from './unread';

const incoming = (conversationId: string, id: string): RealtimeMessageEvent => ({
  conversationId,
  message: aMessage({ id, conversationId, direction: 'incoming' }),
});

describe('unread counts', () => {
  it('counts incoming messages of conversations that are not open', () => {
    let state = countIncoming(EMPTY_UNREAD, incoming('a', 'm1'), null);
    state = countIncoming(state, incoming('a', 'm2'), null);
    state = countIncoming(state, incoming('b', 'm3'), 'b');
    expect(state.counts).toEqual({ a: 2 });
  });

  it('counts a message once, whatever repeats it (duplicates, status updates)', () => {
    let state = countIncoming(EMPTY_UNREAD, incoming('a', 'm1'), null);
    state = countIncoming(state, incoming('a', 'm1'), null);
    expect(state.counts).toEqual({ a: 1 });
  });

  it('ignores outgoing messages', () => {
    const outgoing: RealtimeMessageEvent = { conversationId: 'a', message: aMessage({ direction: 'outgoing' }) };
    expect(countIncoming(EMPTY_UNREAD, outgoing, null)).toBe(EMPTY_UNREAD);
  });

  it('clears a conversation when it is opened', () => {
    const state = countIncoming(countIncoming(EMPTY_UNREAD, incoming('a', 'm1'), null), incoming('b', 'm2'), null);
    expect(markRead(state, 'a').counts).toEqual({ b: 1 });
  });
});
