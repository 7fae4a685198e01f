import { HttpError } from '../../http/errors';
import { decodeListCursor, encodeListCursor, type ListPosition } from './list-order';

const at = (iso: string) => new Date(iso);
const row = (id: string, incoming: boolean, iso: string): ListPosition => ({
  id,
  lastMessageIncoming: incoming,
  lastMessageAt: at(iso),
});
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('inbox list cursor', () => {
  it('round-trips a cursor to the millisecond', () => {
    const position = row(ID(7), true, '2026-03-01T12:00:00.123Z');
    expect(decodeListCursor(encodeListCursor(position))).toEqual(position);
  });

  it('refuses a cursor it did not make with a 400', () => {
    for (const bad of [
      'nonsense',
      Buffer.from('[1,"x","y"]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
      // Well-formed, but at times PostgreSQL cannot compare with.
      Buffer.from(JSON.stringify([1, '+275760-09-13T00:00:00.000Z', ID(1)])).toString('base64url'),
      Buffer.from(JSON.stringify([0, '-000001-01-01T00:00:00.000Z', ID(1)])).toString('base64url'),
    ]) {
      expect(() => decodeListCursor(bad)).toThrow(HttpError);
    }
  });
});
