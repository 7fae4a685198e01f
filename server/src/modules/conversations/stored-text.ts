/**
 * Inbound text fields are cut at 64 KiB (UTF-8) with a marker: WhatsApp itself never sends that much (a text is
 * at most 4,096 characters), so anything longer is not a customer's message worth storing whole.
 */
export const MAX_INBOUND_TEXT_BYTES = 64 * 1024;
export const CUT_MARKER = '… [cut: longer than 64 KiB]';

export function capText(text: string): string {
  if (Buffer.byteLength(text, 'utf8') <= MAX_INBOUND_TEXT_BYTES) return text;
  const budget = MAX_INBOUND_TEXT_BYTES - Buffer.byteLength(CUT_MARKER, 'utf8');
  // Cut on a code point boundary (never half a surrogate pair or half a UTF-8 sequence).
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > budget) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end) + CUT_MARKER;
}

/** Every string of a stored value (content, nested answers, contact cards) capped. */
export function capStrings<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return capText(value) as T;
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => capStrings(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capStrings(item, depth + 1)])) as T;
}
