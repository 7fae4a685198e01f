import { isAxiosError } from 'axios';

/** The answer body of a failed call when it is a JSON object, else undefined. */
export function errorBody(error: unknown): Record<string, unknown> | undefined {
  if (!isAxiosError(error)) return undefined;
  const data = error.response?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The server's `message` (or another text field) when the answer carries one. */
export function serverText(error: unknown, field = 'message'): string | undefined {
  const value = errorBody(error)?.[field];
  return typeof value === 'string' && value.trim() ? value : undefined;
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
  const errors = errorBody(error)?.errors;
  if (!errors || typeof errors !== 'object') return undefined;
  const texts = Object.values(errors as Record<string, unknown>)
    .flat()
    .filter((v) => typeof v === 'string');
  return texts.length ? texts.join(' ') : undefined;
}
