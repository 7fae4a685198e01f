import { Fragment } from 'react';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` cut at each case-insensitive occurrence of `query`: the occurrences are the odd parts. */
export function splitAtMatches(text: string, query: string): string[] {
  const needle = query.trim();
  if (!needle) return [text];
  return text.split(new RegExp(`(${escapeRegExp(needle)})`, 'iu'));
}

/**
 * A row found by a message (search in messages, issue #21): the snippet the server cut around the hit, each
 * occurrence of what was searched in a <mark>.
 */
export function MatchSnippet({ text, query }: { text: string; query: string }) {
  return (
    <span className="inbox-row-preview inbox-row-match" data-testid="message-match">
      {splitAtMatches(text, query).map((part, index) =>
        index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
      )}
    </span>
  );
}
