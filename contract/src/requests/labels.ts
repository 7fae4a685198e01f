/**
 * Labels (issue #21, docs/api.md#labels): GET /api/account/labels (staff), POST / PUT {id} / DELETE {id} (owner);
 * PUT / DELETE /api/conversations/{id}/labels/{labelId} (staff). The limits are the browser's too (rules/labels.ts).
 */
import { z } from 'zod';
import { isLabelColour, LABEL_COLOUR_RULE, MAX_LABEL_NAME } from '../rules/labels';

/** Name trimmed (unique per account whatever its case); a hex colour stored lowercase. */
export const labelBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(MAX_LABEL_NAME, `Name is at most ${MAX_LABEL_NAME} characters`),
  colour: z
    .string()
    .trim()
    .refine(isLabelColour, { message: LABEL_COLOUR_RULE })
    .transform((colour) => (colour.startsWith('#') ? colour.toLowerCase() : colour)),
});

/** PUT / DELETE /api/conversations/{id}/labels/{labelId}. */
export const conversationLabelParams = z.object({ id: z.string(), labelId: z.string() });

export type LabelBody = z.input<typeof labelBody>;
