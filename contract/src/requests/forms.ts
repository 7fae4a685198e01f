/** POST /api/account/flows/{id} (owner): the texts of a customizable form. */
import { z } from 'zod';
import { FLOW_TEXT_LIMITS, hasEmoji } from '../flow-limits';

const characters = (text: string) => [...text].length;

/** Trimmed text of at most `max` characters (counted as people count them, not UTF-16 units). */
const flowText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine((text) => characters(text) <= max, `${label} is too long (at most ${max} characters)`);

const optionalFlowText = (label: string, max: number) =>
  z.preprocess((value) => (value === undefined || value === '' ? null : value), flowText(label, max).nullable());

export const customizeFormBody = z.object({
  header: optionalFlowText('Header', FLOW_TEXT_LIMITS.header),
  body: flowText('Body', FLOW_TEXT_LIMITS.body).pipe(z.string().min(1, 'Body is required')),
  footer: optionalFlowText('Footer', FLOW_TEXT_LIMITS.footer),
  ctaText: flowText('Button text', FLOW_TEXT_LIMITS.ctaText)
    .pipe(z.string().min(1, 'Button text is required'))
    .refine((text) => !hasEmoji(text), 'Button text cannot contain emoji'),
});

export type CustomizeFormBody = z.input<typeof customizeFormBody>;
