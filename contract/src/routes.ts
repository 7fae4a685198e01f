/**
 * The parts of a call that are neither a body nor a business answer: path parameters, the signed file link's
 * query, and the answers of the few calls that only acknowledge. Together with requests/ and answers.ts they are
 * every shape the server's route table declares (served as OpenAPI at /api/openapi.json, see docs/api.md).
 */
import { z } from 'zod';
import { asset } from './answers';

/** `{id}` in a path. Any text is accepted here; an id that is not a uuid is answered 404 (it cannot exist). */
export const idParams = z.object({ id: z.string() });

/** POST /api/conversations/{id}/messages/{messageId}/retry. */
export const messageRetryParams = z.object({ id: z.string(), messageId: z.string() });

/** GET /api/files/assets/{token}[/thumbnail]: the unguessable token is the permission. */
export const fileTokenParams = z.object({ token: z.string() });

/** GET /api/files/messages/{id}: the short-lived signed link answers carry as `content.url`. */
export const signedFileQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/** POST /api/account/assets: the stored files, in the order sent. */
export const uploadedAssets = z.object({ list: z.array(asset) });

/** POST /api/conversations/{id}/read: the message marked read on WhatsApp by this call, if any. */
export const readReceiptAnswer = z.object({ markedMessageId: z.string().nullable() });

/** GET /healthz. */
export const healthAnswer = z.object({ status: z.literal('ok') });

/** GET /readyz (503 `{ message }` when the database does not answer). */
export const readinessAnswer = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });

/** What a stored file answers: its bytes, with the detected type (images, video and audio inline). */
export const fileBytes = z.string().meta({ format: 'binary', description: 'The stored file' });

export type IdParams = z.infer<typeof idParams>;
export type ReadReceiptAnswer = z.infer<typeof readReceiptAnswer>;
