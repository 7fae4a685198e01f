/** Graph cursor paging: `?limit=&after=` → `{ data, paging: { cursors: { before, after }, next? } }`. */
export function paginate<T>(
  items: T[],
  query: Record<string, string | undefined>,
  pageUrl: string,
): { data: T[]; paging: Record<string, unknown> } {
  const limit = Math.min(Math.max(Number.parseInt(query.limit ?? '', 10) || 25, 1), 100);
  const start = query.after ? decodeCursor(query.after) : 0;
  const data = items.slice(start, start + limit);
  const end = start + data.length;
  const cursors = { before: encodeCursor(start), after: encodeCursor(Math.max(end - 1, start)) };
  const paging: Record<string, unknown> = { cursors };
  if (end < items.length) {
    const next = new URL(pageUrl);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && key !== 'after') next.searchParams.set(key, value);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', encodeCursor(end));
    paging.next = next.toString();
    cursors.after = encodeCursor(end);
  }
  if (start > 0) {
    const previous = new URL(pageUrl);
    previous.searchParams.set('limit', String(limit));
    previous.searchParams.set('after', encodeCursor(Math.max(0, start - limit)));
    paging.previous = previous.toString();
  }
  return { data, paging };
}

function encodeCursor(index: number): string {
  return Buffer.from(`cursor:${index}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : 0;
}

/** Splits `fields=a,b,preview.invalidate(false)` into names; an empty list means "default fields". */
export function requestedFields(query: Record<string, string | undefined>): string[] {
  return (query.fields ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
}
