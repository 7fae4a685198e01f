/**
 * Library screens show the server's `description` field (spec section 8, assets and forms), so every refusal
 * from these modules carries its text in both `message` and `description`.
 */
import { HttpError, ValidationError } from '../../http/errors';
import { parseInput } from '../../http/validation';
import type { z } from 'zod';

export const describedError = (status: number, text: string, extra?: Record<string, unknown>) =>
  new HttpError(status, text, { ...extra, description: text });

/** parseInput, with the validation text also as `description`. */
export function parseDescribed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  try {
    return parseInput(schema, value);
  } catch (error) {
    if (error instanceof ValidationError) throw describedError(400, error.message, { errors: error.errors });
    throw error;
  }
}
