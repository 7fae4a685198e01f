import type { AxiosError } from 'axios';
import { hasText, translate } from '../i18n/catalogue';
import '../i18n/shared-texts';

/** axios's own test (`isAxiosError`), without importing axios: it is fetched by the first call (client.ts). */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

/** The answer body of a failed call when it is a JSON object, else undefined. */
export function errorBody(error: unknown): Record<string, unknown> | undefined {
  if (!isAxiosError(error)) return undefined;
  const data = error.response?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/**
 * The catalogue's text for the answer's `code` in the user's language when the server's English `text` is the
 * code's (docs/decisions/0006-languages.md); else the server's own text.
 */
function translated(body: Record<string, unknown>, text: string): string {
  const key = `errors.${String(body.code)}`;
  if (typeof body.code !== 'string' || !hasText('shared', key)) return text;
  return translate('shared', key, undefined, 'en') === text ? translate('shared', key) : text;
}

/** The server's `message` (or another text field) when the answer carries one, in the user's language. */
export function serverText(error: unknown, field = 'message'): string | undefined {
  const body = errorBody(error);
  const value = body?.[field];
  return body && typeof value === 'string' && value.trim() ? translated(body, value) : undefined;
}

/** "{fallback}" or "{fallback}: {server message}" — the catalogue's pattern for user and contact actions. */
export function withServerMessage(fallback: string, error: unknown): string {
  const message = serverText(error);
  return message ? `${fallback}: ${message}` : fallback;
}

/** The server's text when the answer has an object body and is not a 500, else the fallback. */
export function serverTextUnless500(error: unknown, fallback: string, field = 'message'): string {
  if (errorStatus(error) === 500) return fallback;
  return serverText(error, field) ?? fallback;
}

/** Validation errors `{ errors: { field: text } }` joined by spaces (docs/product-rules.md#errors, password change). */
export function joinedValidationErrors(error: unknown): string | undefined {
  const body = errorBody(error);
  const errors = body?.errors;
  if (!body || !errors || typeof errors !== 'object') return undefined;
  const texts = Object.values(errors as Record<string, unknown>)
    .flat()
    .filter((v): v is string => typeof v === 'string')
    .map((text) => translated(body, text));
  return texts.length ? texts.join(' ') : undefined;
}
