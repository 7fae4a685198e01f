/**
 * The inbox order (spec section 4): conversations whose last message is incoming first, then the newest last
 * message first; the id breaks ties so paging never skips or repeats a row. A page cursor is the position of
 * the last row of the page in that order.
 */
import { badRequest } from '../../http/errors';

export interface ListPosition {
  lastMessageIncoming: boolean;
  lastMessageAt: Date;
  id: string;
}

/** Negative when `a` is listed before `b`. */
export function compareListPositions(a: ListPosition, b: ListPosition): number {
  if (a.lastMessageIncoming !== b.lastMessageIncoming) return a.lastMessageIncoming ? -1 : 1;
  const byTime = b.lastMessageAt.getTime() - a.lastMessageAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function encodeListCursor(position: ListPosition): string {
  const raw = JSON.stringify([position.lastMessageIncoming ? 1 : 0, position.lastMessageAt.toISOString(), position.id]);
  return Buffer.from(raw, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeListCursor(cursor: string): ListPosition {
  const invalid = () => badRequest('Cursor is invalid: pass the nextCursor of the previous page');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [incoming, at, id] = parsed as unknown[];
  const time = typeof at === 'string' ? new Date(at) : null;
  if (
    (incoming !== 0 && incoming !== 1) ||
    !time ||
    Number.isNaN(time.getTime()) ||
    time.getUTCFullYear() < 1 ||
    time.getUTCFullYear() > 9999 ||
    typeof id !== 'string' ||
    !UUID.test(id)
  ) {
    throw invalid();
  }
  return { lastMessageIncoming: incoming === 1, lastMessageAt: time, id };
}
