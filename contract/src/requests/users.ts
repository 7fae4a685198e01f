/** The User List (owner only): /api/account/users. */
import { z } from 'zod';
import { MAX_EMAIL, passwordField, requiredString } from '../fields';
import { USER_STATUSES } from '../values';

/**
 * The list's page sizes run 5 to 50 in the browser (docs/product-rules.md#page-sizes); the server accepts up to
 * 100. Unlike the library lists, an empty `limit=` is refused.
 */
export const userPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(5),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export const newUserBody = z.object({
  fullName: requiredString(),
  title: requiredString(),
  // The add-user email must be in email format (docs/product-rules.md#validation).
  email: z
    .string()
    .trim()
    .min(1)
    .max(MAX_EMAIL)
    .pipe(z.email({ error: 'Email must be a valid email address' })),
  password: passwordField(),
});

export const userChangesBody = z.object({ fullName: requiredString(), title: requiredString() });

export const userStatusBody = z.object({ status: z.enum(USER_STATUSES) });

export type NewUserBody = z.input<typeof newUserBody>;
export type UserChangesBody = z.input<typeof userChangesBody>;
export type UserStatusBody = z.input<typeof userStatusBody>;
