import type { Conversation } from '@parley/shared';
import { aConversation } from '../test-support/fixtures';
import { sortConversations } from './ordering';

const at = (incoming: boolean, timestamp: string, id: string): Conversation =>
  aConversation({ id, lastMessage: { incoming, timestamp } });

describe('sortConversations', () => {
  it('puts incoming-last conversations first, each group newest first', () => {
    const oldIncoming = at(true, '2024-05-01T08:00:00Z', 'old-in');
    const newIncoming = at(true, '2024-05-01T12:00:00Z', 'new-in');
    const newestOutgoing = at(false, '2024-05-02T09:00:00Z', 'newest-out');
    const oldOutgoing = at(false, '2024-04-30T09:00:00Z', 'old-out');
    const sorted = sortConversations([oldOutgoing, oldIncoming, newestOutgoing, newIncoming]);
    expect(sorted.map((c) => c.id)).toEqual(['new-in', 'old-in', 'newest-out', 'old-out']);
  });

  it('compares instants, not strings, and keeps a stable order on ties', () => {
    const offset = at(false, '2024-05-01T12:00:00+02:00', 'b'); // 10:00 Z
    const utc = at(false, '2024-05-01T11:00:00Z', 'a');
    const tie = at(false, '2024-05-01T11:00:00.000Z', 'c');
    expect(sortConversations([offset, tie, utc]).map((c) => c.id)).toEqual(['a', 'c', 'b']);
  });

  it('does not change the list it is given, and puts rows without a last message last', () => {
    const none = aConversation({ id: 'none', lastMessage: null });
    const one = at(false, '2024-05-01T11:00:00Z', 'one');
    const input = [none, one];
    expect(sortConversations(input).map((c) => c.id)).toEqual(['one', 'none']);
    expect(input.map((c) => c.id)).toEqual(['none', 'one']);
  });
});
