/** PUT /api/account/assets/{id} (owner). Uploads are multipart (repeated `files`), outside zod. */
import { z } from 'zod';
import { MAX_TEXT, requiredString } from '../fields';

const MAX_DESCRIPTION = 1000;

/** '' and missing description both mean none. */
export const assetChangesBody = z.object({
  name: requiredString(MAX_TEXT),
  description: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(MAX_DESCRIPTION).nullish(),
  ),
});

export type AssetChangesBody = z.input<typeof assetChangesBody>;
