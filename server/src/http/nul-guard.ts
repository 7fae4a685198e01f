/**
 * Text PostgreSQL cannot store. The NUL character (U+0000) fails in text and jsonb, and a lone UTF-16 surrogate
 * (half of an emoji, e.g. "\ud800") fails in jsonb — deep in a query (a 500, possibly after other writes).
 * - API bodies, query strings and path parameters: a NUL is refused up front with a 400 (no person types it);
 *   lone surrogates in a JSON body become U+FFFD (a text cut in the middle of an emoji is still stored).
 * - What Meta sends (webhooks): both become U+FFFD, so a customer's message is stored and acknowledged instead
 *   of failing on every redelivery (see sanitizeStrings).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';

/** True when a NUL is found in any string, key included, of a parsed JSON value (bounded depth). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what is being replaced
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function mapStrings<T>(value: T, map: (text: string) => string, depth = 0): T {
  if (typeof value === 'string') return map(value) as T;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [map(key), mapStrings(item, map, depth + 1)]),
  ) as T;
}

/** A copy of a parsed JSON value whose strings and keys have NUL and lone surrogates replaced by U+FFFD. */
export function sanitizeStrings<T>(value: T): T {
  return mapStrings(value, (text) => text.replace(UNSTORABLE, '\uFFFD'));
}

/**
 * In JSON text, a NUL or a surrogate can only be written as a \u escape (raw control characters are invalid JSON,
 * and decoded UTF-8 holds no lone surrogate): text without such an escape parses to nothing `sanitizeStrings`
 * would change, and most webhooks skip its copy.
 */
const ESCAPED_UNSTORABLE = /\\u(0000|d[89a-f])/i;

/** JSON.parse, then `sanitizeStrings` when the text could hold something to replace. */
export function parseSanitizedJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return ESCAPED_UNSTORABLE.test(text) ? sanitizeStrings(value) : value;
}

export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_MESSAGE);
    }
    const isJson = /json/i.test(request.headers['content-type'] ?? '');
    if (isJson && request.body !== null && typeof request.body === 'object') {
      request.body = mapStrings(request.body, (text) => text.replace(LONE_SURROGATE, '\uFFFD'));
    }
  });
}
