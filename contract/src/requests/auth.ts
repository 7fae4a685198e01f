/**
 * Bodies of the auth calls. `email` is required on reset-password (the code is checked against that account
 * only) and optional on verify (when sent, wrong codes count against that user's code).
 */
import { z } from 'zod';
import { emailField, passwordField, requiredString } from '../fields';

export const PASSWORDS_DIFFER = 'Passwords do not match';

export const registerBody = z
  .object({
    fullName: requiredString(),
    title: requiredString(),
    email: emailField(),
    password: passwordField(),
    confirmPassword: passwordField(),
  })
  .refine((body) => body.password === body.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

/** The code as the client's numeric field may send it: "012345" or 12345. */
const codeField = () =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((value) => (typeof value === 'number' ? String(value).padStart(6, '0') : value.trim()))
    .refine((value) => value.length > 0, { message: 'Code is required' })
    .refine((value) => value.length === 0 || /^\d{6}$/.test(value), { message: 'The code has 6 digits' });

export const verifyBody = z.object({ code: codeField(), email: emailField().optional() });
/** resend-verification-code and forgot-password. */
export const emailBody = z.object({ email: emailField() });
export const loginBody = z.object({ email: emailField(), password: passwordField() });
export const resetPasswordBody = z
  .object({
    code: codeField(),
    password: passwordField(),
    confirmPassword: passwordField(),
    // The account whose code this is: the browser has it from step one (the spec's payload plus this field).
    email: emailField(),
  })
  .refine((body) => body.password === body.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

export type RegisterBody = z.input<typeof registerBody>;
export type VerifyBody = z.input<typeof verifyBody>;
export type EmailBody = z.input<typeof emailBody>;
export type LoginBody = z.input<typeof loginBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
