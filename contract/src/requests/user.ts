/** The signed-in user's own profile and password, and the account name (owner). */
import { z } from 'zod';
import { passwordField, requiredString } from '../fields';
import { LANGUAGES } from '../values';
import { PASSWORDS_DIFFER } from './auth';

/** PUT /api/user/profile: fullName is sent only when non-empty and changed, language only when changed. */
export const profileBody = z.object({
  fullName: requiredString().optional(),
  /** The language of the user's texts; null follows the browser's (docs/decisions/0006-languages.md). */
  language: z.enum(LANGUAGES, { error: 'Language must be one of en, pt-BR, es, or null' }).nullable().optional(),
});

export const changePasswordBody = z
  .object({
    password: passwordField(),
    newPassword: passwordField(),
    confirmNewPassword: passwordField(),
  })
  .refine((body) => body.newPassword === body.confirmNewPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmNewPassword'],
  });

/** PUT /api/account (owner). */
export const accountBody = z.object({ name: requiredString() });

/** PUT /api/account/round-robin (owner): new conversations assigned in turn among the staff online, or not. */
export const roundRobinBody = z.object({ roundRobin: z.boolean() });

export type ProfileBody = z.input<typeof profileBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export type AccountBody = z.input<typeof accountBody>;
export type RoundRobinBody = z.input<typeof roundRobinBody>;
