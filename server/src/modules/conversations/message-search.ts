/**
 * Search in messages (issue #21): the list's `q` also finds conversations by their messages' text body or media
 * caption (not private notes: they live in their own table), ILIKE on the expression the trigram index covers
 * (schema.ts, messageSearchText). Queries under MESSAGE_SEARCH_MIN_LENGTH characters give trigrams nothing to
 * look up (the index would be read whole), so they match contacts only.
 */
import { MESSAGE_SEARCH_MIN_LENGTH } from '@parley/contract';
import { sql, type SQL } from 'drizzle-orm';
import { messageSearchText } from './schema';

/** Characters of context kept before the hit and after it in a row's snippet. */
const SNIPPET_BEFORE = 40;
const SNIPPET_AFTER = 80;

export const searchesMessages = (q: string | undefined): q is string =>
  q !== undefined && Array.from(q).length >= MESSAGE_SEARCH_MIN_LENGTH;

/** The account's conversation ids with a message containing `pattern` (an ILIKE pattern). */
export const conversationsWithMessageMatching = (accountId: string, pattern: string): SQL =>
  sql`select messages.conversation_id from messages where messages.account_id = ${accountId} and ${messageSearchText} ilike ${pattern}`;

interface MatchedMessage {
  id: string;
  text: string | null;
  caption: string | null;
}

/**
 * The row's newest message containing `pattern`, in the timeline's order (computed for the page's rows only).
 * `content` in messageSearchText is unqualified: inside this subquery it can only be the message's.
 */
export const newestMatchingMessage = (pattern: string) => sql<MatchedMessage | string | null>`(
  select json_build_object('id', m.id, 'text', m.content->>'text', 'caption', m.content->>'caption')
  from messages m
  where m.conversation_id = conversations.id and ${messageSearchText} ilike ${pattern}
  order by coalesce(m.sent_at, m.created_at) desc, m.created_at desc, m.id desc
  limit 1
)`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Up to SNIPPET_BEFORE characters before the first hit of `q` and SNIPPET_AFTER after it, … where cut. */
export function searchSnippet(text: string, q: string): string {
  const hit = new RegExp(escapeRegExp(q), 'iu').exec(text);
  const start = hit ? Math.max(0, hit.index - SNIPPET_BEFORE) : 0;
  const end = Math.min(text.length, (hit ? hit.index + hit[0].length : 0) + SNIPPET_AFTER);
  // Never cut a surrogate pair (an emoji) in half.
  const from = start > 0 && /[\uDC00-\uDFFF]/.test(text[start]) ? start - 1 : start;
  const to = end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]) ? end + 1 : end;
  const snippet = text.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${snippet}${to < text.length ? '…' : ''}`;
}

/** The list row's `match`: the field holding the hit (text, else caption) cut to a snippet. */
export function matchOf(
  raw: MatchedMessage | string | null,
  q: string,
): { messageId: string; text: string } | undefined {
  const matched = typeof raw === 'string' ? (JSON.parse(raw) as MatchedMessage) : raw;
  if (!matched) return undefined;
  const lower = q.toLowerCase();
  const text =
    [matched.text, matched.caption].find((field) => field?.toLowerCase().includes(lower)) ??
    matched.text ??
    matched.caption ??
    '';
  return { messageId: matched.id, text: searchSnippet(text, q) };
}
