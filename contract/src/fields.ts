/**
 * Field schemas the request bodies are built from. Messages are left to the server's error map, which names
 * the field ("Full name is required"); a schema gives its own message only where that reads better.
 */
import { z } from 'zod';

export const MAX_TEXT = 200;
export const MAX_EMAIL = 254;
/** Generous for passphrases, small enough that hashing it costs nothing unusual. */
export const MAX_PASSWORD = 256;

/** Required text: trimmed, non-empty, at most `max` characters (an absurdly long value is a 400). */
export const requiredString = (max = MAX_TEXT) => z.string().trim().min(1).max(max);

/** An email as typed by a person: trimmed, lowercased, bounded. No format rule: the spec sets none. */
export const emailField = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(MAX_EMAIL)
    .transform((value) => value.toLowerCase());

/** A password as typed: not trimmed (spaces are characters), non-empty, bounded. */
export const passwordField = () => z.string().min(1).max(MAX_PASSWORD);

/**
 * A whole number from a query string ('' or missing = `fallback`), 1 to `max`. The default outside the
 * preprocess tells the API reference the parameter is optional; a missing value gets the
 * same `fallback` either way.
 */
export const queryInt = (fallback: number, max: number) =>
  z
    .preprocess(
      (value) => (value === undefined || value === '' ? fallback : Number(value)),
      z.number().int().min(1).max(max),
    )
    .default(fallback);
