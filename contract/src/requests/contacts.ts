/** POST /api/contacts (owner). */
import { z } from 'zod';
import { emailField, MAX_TEXT } from '../fields';
import { normalizePhone, PHONE_RULE } from '../phone';

/** '' and missing both mean "not given" for the optional fields of the form. */
const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullish());

/** The phone as typed; it is kept as digits with the country code (docs/api.md, Library). */
export const contactBody = z.object({
  name: optionalText(z.string().trim().max(MAX_TEXT)),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .transform((typed, context) => {
      const digits = normalizePhone(typed);
      if (!digits) context.addIssue({ code: 'custom', message: PHONE_RULE });
      return digits ?? '';
    }),
  email: optionalText(emailField().pipe(z.email())),
});

export type ContactBody = z.input<typeof contactBody>;
