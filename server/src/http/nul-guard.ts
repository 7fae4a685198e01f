/**
 * PostgreSQL cannot store the NUL character (U+0000) in text or jsonb: a value carrying one fails deep in a query
 * (a 500, possibly after other writes). No person types it, so any JSON body, query string or path parameter
 * that contains one is refused up front with a 400, before a handler runs.
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

/** A copy of a parsed JSON value without NUL characters in its strings and keys (for input we must keep, e.g. Meta's). */
export function stripNul<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => stripNul(item, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key.replaceAll('\u0000', ''), stripNul(item, depth + 1)]),
  ) as T;
}

export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_MESSAGE);
    }
  });
}
