/**
 * Saved replies (issue #21, docs/api.md#saved-replies): GET /api/account/saved-replies (staff),
 * POST / PUT {id} / DELETE {id} (owner). The limits are the browser's too (rules/saved-replies.ts).
 */
import { z } from 'zod';
import { MAX_SAVED_REPLY_TEXT, MAX_SHORTCUT_LENGTH, SHORTCUT_PATTERN, SHORTCUT_RULE } from '../rules/saved-replies';

/** Typed with or without the leading '/', in any case: stored lowercase without it. */
export const shortcutField = () =>
  z
    .string()
    .trim()
    .transform((typed) => typed.replace(/^\//, '').toLowerCase())
    .pipe(z.string().min(1).max(MAX_SHORTCUT_LENGTH).regex(SHORTCUT_PATTERN, { message: SHORTCUT_RULE }));

/** The text is kept as typed (line breaks and spacing are the owner's), but must not be blank. */
export const savedReplyBody = z.object({
  shortcut: shortcutField(),
  text: z
    .string()
    .max(MAX_SAVED_REPLY_TEXT)
    .refine((text) => text.trim() !== '', { message: 'Text is required' }),
});

export const savedReply = z.object({
  id: z.string(),
  shortcut: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Every saved reply of the account, by shortcut (an account keeps a handful, never pages of them). */
export const savedReplyList = z.object({ list: z.array(savedReply) });

export type SavedReplyBody = z.input<typeof savedReplyBody>;
export type SavedReply = z.infer<typeof savedReply>;
export type SavedReplyList = z.infer<typeof savedReplyList>;
