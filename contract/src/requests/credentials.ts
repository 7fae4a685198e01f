/** Connecting the account's WhatsApp number (owner): typed credentials or the embedded sign-up's code. */
import { z } from 'zod';

/** Meta's object ids are digit strings; anything else must never reach a Graph URL path. */
const graphId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(32, `${label} is too long`)
    .regex(/^\d+$/, `${label} must contain only digits`);

/** POST /api/account/credentials. */
export const credentialsBody = z.object({
  wabaId: graphId('WABA ID'),
  phoneNumberId: graphId('Phone Number ID'),
  token: z
    .string({ error: 'Token is required' })
    .trim()
    .min(1, 'Token is required')
    .max(4096, 'Token is too long')
    .regex(/^\S+$/, 'Token must not contain spaces'),
});

/** POST /api/user/first-onboard. */
export const firstOnboardBody = z.object({
  wabaId: graphId('WABA ID'),
  // FINISH_ONLY_WABA sign-ups share no number: then the WABA's first number is taken.
  phoneNumberId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    graphId('Phone Number ID').optional(),
  ),
  code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(4096, 'Code is too long'),
  coexistence: z.boolean().optional(),
});

export type CredentialsBody = z.input<typeof credentialsBody>;
export type FirstOnboardBody = z.input<typeof firstOnboardBody>;
