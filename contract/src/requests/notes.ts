/**
 * Private notes (issue #21, docs/api.md#private-notes): GET / POST /api/conversations/{id}/notes and
 * DELETE /api/conversations/{id}/notes/{noteId}, any staff member (deleting: the author or an owner).
 */
import { z } from 'zod';
import { MAX_TEXT_BODY } from './conversations';

export const MAX_NOTE_TEXT = MAX_TEXT_BODY;
/** More than an account has staff; bounds the request. */
export const MAX_NOTE_MENTIONS = 50;

/** Text as a text message's; `mentions`: staff ids the browser picked (each must be an active staff member). */
export const noteBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Text is required')
    .max(MAX_NOTE_TEXT, `Text is longer than ${MAX_NOTE_TEXT} characters`),
  mentions: z.array(z.string().max(64)).max(MAX_NOTE_MENTIONS).optional(),
});

export const noteParams = z.object({ id: z.string(), noteId: z.string() });

export type NoteBody = z.input<typeof noteBody>;
