/**
 * Saved replies (issue #21): an owner's canned text, inserted into the composer by typing `/shortcut` or with the
 * picker, its placeholders filled from the open conversation. The limits here are the server's too
 * (requests/saved-replies.ts), so the owner's form and the API refuse the same things.
 */
export const MAX_SHORTCUT_LENGTH = 32;
export const MAX_SAVED_REPLY_TEXT = 4096;
/** Lowercase letters, digits, '-' and '_' (what can be typed after '/' without leaving the word). */
export const SHORTCUT_PATTERN = /^[a-z0-9_-]{1,32}$/;
export const SHORTCUT_RULE = 'Shortcut may contain only lowercase letters, digits, - and _ (at most 32 characters)';

/** The placeholders a saved reply may hold, and what fills them. */
export const SAVED_REPLY_PLACEHOLDERS = {
  'contact.name': "The customer's name, or their phone when they have none",
  'agent.name': 'Your full name',
} as const;

export type SavedReplyPlaceholder = keyof typeof SAVED_REPLY_PLACEHOLDERS;
export type PlaceholderValues = Partial<Record<SavedReplyPlaceholder, string | null | undefined>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/**
 * The text with each known placeholder (`{{contact.name}}`, spaces inside the braces allowed) replaced by its
 * value. An unknown placeholder, or one without a value, stays exactly as typed so the sender sees it.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (typed, name: string) => {
    const value = Object.hasOwn(SAVED_REPLY_PLACEHOLDERS, name) ? values[name as SavedReplyPlaceholder] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value : typed;
  });
}

/**
 * What the sender is typing as a shortcut: the text after a leading '/' while it is still one word ('' right
 * after the '/'); undefined when the text is not a shortcut being typed.
 */
export function typedShortcut(text: string): string | undefined {
  const match = /^\/([^\s/]*)$/.exec(text);
  return match ? match[1].toLowerCase() : undefined;
}

/** The replies whose shortcut starts with `typed`, exact match first, then by shortcut. */
export function matchingSavedReplies<T extends { shortcut: string }>(replies: T[], typed: string): T[] {
  const query = typed.toLowerCase();
  return replies
    .filter((reply) => reply.shortcut.startsWith(query))
    .sort(
      (a, b) => Number(b.shortcut === query) - Number(a.shortcut === query) || a.shortcut.localeCompare(b.shortcut),
    );
}
