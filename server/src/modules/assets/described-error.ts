/**
 * Library screens show the server's `description` field (docs/product-rules.md#errors, assets and forms), so every refusal
 * from these modules carries its text in both `message` and `description` (refused input too: their routes set
 * config `describedRefusals`, see http/api-reference.ts).
 */
import { HttpError } from '../../http/errors';

export const describedError = (status: number, text: string, extra?: Record<string, unknown>) =>
  new HttpError(status, text, { ...extra, description: text });
