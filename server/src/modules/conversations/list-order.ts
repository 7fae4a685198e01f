/**
 * Page cursors of the inbox list: the position of the last row of a page in the list order (the contract's
 * compareListPositions, docs/product-rules.md#list-order), which the SQL of queries.ts and its index follow.
 */
import { badRequest } from '../../http/errors';
import { isUuid } from '../../http/ids';

export interface ListPosition {
  lastMessageIncoming: boolean;
  lastMessageAt: Date;
  id: string;
}

export function encodeListCursor(position: ListPosition): string {
  const raw = JSON.stringify([position.lastMessageIncoming ? 1 : 0, position.lastMessageAt.toISOString(), position.id]);
  return Buffer.from(raw, 'utf8').toString('base64url');
}

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
    !isUuid(id)
  ) {
    throw invalid();
  }
  return { lastMessageIncoming: incoming === 1, lastMessageAt: time, id };
}
