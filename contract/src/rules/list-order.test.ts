import { compareListPositions, sortConversations, type ListPosition } from './list-order';

interface Row {
  id: string;
  lastMessage: { incoming: boolean; timestamp: string } | null;
}
const at = (incoming: boolean, timestamp: string, id: string): Row => ({ id, lastMessage: { incoming, timestamp } });
const ids = (rows: Row[]) => rows.map((row) => row.id);

describe('inbox list order', () => {
  it('puts incoming-last conversations first, each group newest first', () => {
    const oldIncoming = at(true, '2024-05-01T08:00:00Z', 'old-in');
    const newIncoming = at(true, '2024-05-01T12:00:00Z', 'new-in');
    const newestOutgoing = at(false, '2024-05-02T09:00:00Z', 'newest-out');
    const oldOutgoing = at(false, '2024-04-30T09:00:00Z', 'old-out');
    const sorted = sortConversations([oldOutgoing, oldIncoming, newestOutgoing, newIncoming]);
    expect(ids(sorted)).toEqual(['new-in', 'old-in', 'newest-out', 'old-out']);
  });

  it('compares instants, not strings, and breaks ties by id as the server pages (greater id first)', () => {
    const offset = at(false, '2024-05-01T12:00:00+02:00', 'b'); // 10:00 Z
    const utc = at(false, '2024-05-01T11:00:00Z', 'a');
    const tie = at(false, '2024-05-01T11:00:00.000Z', 'c');
    expect(ids(sortConversations([offset, tie, utc]))).toEqual(['c', 'a', 'b']);
    expect(ids(sortConversations([offset, utc, tie]))).toEqual(['c', 'a', 'b']);
  });

  it('does not change the list it is given, and puts rows without a last message last', () => {
    const none: Row = { id: 'none', lastMessage: null };
    const other: Row = { id: 'other', lastMessage: null };
    const one = at(false, '2024-05-01T11:00:00Z', 'one');
    const input = [none, one, other];
    expect(ids(sortConversations(input))).toEqual(['one', 'other', 'none']);
    expect(ids(input)).toEqual(['none', 'one', 'other']);
  });

  it('orders positions as a comparator: equal only for the same row', () => {
    const a: ListPosition = { incoming: true, time: Date.parse('2026-03-01T12:00:00Z'), id: 'a' };
    const b: ListPosition = { ...a, id: 'b' };
    expect(compareListPositions(b, a)).toBeLessThan(0);
    expect(compareListPositions(a, b)).toBeGreaterThan(0);
    expect(compareListPositions(a, a)).toBe(0);
  });
});
