import { aMessage } from '../test-support/fixtures';
import { mergeLatestPage, newerCopy, prependOlder, upsertMessage } from './message-merge';

const at = (minute: number) => `2024-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('upsertMessage', () => {
  it('appends a new message and keeps the list oldest first', () => {
    const a = aMessage({ id: 'a', createdAt: at(1) });
    const c = aMessage({ id: 'c', createdAt: at(3) });
    const b = aMessage({ id: 'b', createdAt: at(2) });
    expect(upsertMessage([a, c], b).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(upsertMessage([a, b], c).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('updates a known message (ticks climb) without duplicating it', () => {
    const sent = aMessage({ id: 'x', direction: 'outgoing', status: 'sent', updatedAt: at(1) });
    const read = { ...sent, status: 'read' as const, updatedAt: at(2) };
    const result = upsertMessage([sent], read);
    expect(result).toHaveLength(1);
    expect(result[0].status).toBe('read');
  });
});

describe('newerCopy', () => {
  const base = aMessage({ id: 'x', direction: 'outgoing', status: 'read', updatedAt: at(5) });
  it('ignores an older copy', () => {
    expect(newerCopy(base, { ...base, status: 'delivered', updatedAt: at(4) })).toBe(base);
  });
  it('never moves a status down the climb', () => {
    expect(newerCopy(base, { ...base, status: 'sent', updatedAt: at(5) }).status).toBe('read');
  });
  it('lets a failed message go back to pending when retried', () => {
    const failed = { ...base, status: 'failed' as const, error: { code: 131026, title: 'Undeliverable' } };
    expect(newerCopy(failed, { ...base, status: 'pending', error: null, updatedAt: at(6) }).status).toBe('pending');
  });
});

describe('prependOlder', () => {
  it('puts the older page in front and drops overlaps', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((id, i) => aMessage({ id, createdAt: at(i) }));
    expect(prependOlder([b, c], [a, b]).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('mergeLatestPage', () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id, i) => aMessage({ id, createdAt: at(i) }));
  it('joins an overlapping newest page', () => {
    expect(mergeLatestPage([a, b, c], [c, d])).toEqual({ messages: [a, b, c, d], replaced: false });
  });
  it('replaces everything when a gap separates them', () => {
    expect(mergeLatestPage([a], [c, d])).toEqual({ messages: [c, d], replaced: true });
  });
});
