/**
 * THE way to validate input in Parley routes: declare the contract's zod schemas on the route
 * (`schema: { params, querystring, body }`, see api-reference.ts), which Fastify checks with `parseInput` before
 * the handler runs; `parseBody(schema, value)` does the same by hand. A refusal is a ValidationError, which the
 * error handler answers as 400 `{ message, errors }` where `errors` maps each bad field ('a.b' for nested) to a
 * readable sentence, and `message` joins them. Messages name the field ("Full name is required"); a schema may give
 * its own message (`.refine(..., { message: 'Passwords do not match', path: ['confirmPassword'] })`).
 *
 * Strings: use `requiredString(max)` for required text (trimmed, non-empty, bounded length) so an absurdly
 * long value is a 400, not a stored megabyte.
 */
import { z } from 'zod';
import { ValidationError } from './errors';

// The field schemas are part of the contract (request bodies are built from them there).
export { emailField, MAX_EMAIL, MAX_PASSWORD, MAX_TEXT, passwordField, requiredString } from '@parley/contract';

/** "fullName" → "Full name", "confirmNewPassword" → "Confirm new password". */
export function fieldLabel(path: PropertyKey[]): string {
  const last = [...path].reverse().find((key) => typeof key === 'string');
  if (last === undefined) return path.length === 0 ? 'Request body' : 'Value';
  const words = String(last)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Issue = z.core.$ZodRawIssue;

/** Zod's default texts ("Invalid input: expected string, received undefined") rewritten to name the field. */
function readableMessage(issue: Issue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be ${issue.expected === 'object' || issue.expected === 'array' ? 'an' : 'a'} ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${label} is required`
          : `${label} must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `${label} must have at least ${issue.minimum} items`;
      return `${label} must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} is too long (at most ${issue.maximum} characters)`;
      if (issue.origin === 'array') return `${label} must have at most ${issue.maximum} items`;
      return `${label} must be at most ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'email' ? `${label} must be a valid email address` : `${label} has an invalid format`;
    case 'invalid_union':
      return issue.input === undefined || issue.input === null ? `${label} is required` : `${label} is invalid`;
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}`;
    default:
      return undefined;
  }
}

export function toValidationError(error: z.ZodError): ValidationError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return new ValidationError(Object.values(errors).join('; '), errors);
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: readableMessage });
  if (!result.success) throw toValidationError(result.error);
  return result.data;
}

export const parseBody = parseInput;
export const parseQuery = parseInput;
export const parseParams = parseInput;
