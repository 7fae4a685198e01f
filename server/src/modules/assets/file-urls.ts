/**
 * How the browser gets at stored files. <img> and <video> cannot send our bearer header, so a file's address
 * itself must be the permission. We use an unguessable capability id (32 random bytes, base64url) per asset
 * rather than short-lived HMAC-signed links because asset URLs are kept: the client persists the asset list for
 * the composer (docs/product-rules.md#composer) and caches answers, and a <video> keeps re-requesting ranges while it plays; an
 * expiring link would break all of these. The token is never derived from the id and is only ever given to
 * signed-in users of the account (in list answers), so knowing an asset id does not reveal its file.
 */
import crypto from 'node:crypto';

export const FILE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newFileToken = () => crypto.randomBytes(32).toString('base64url');

export const assetFileUrl = (token: string) => `/api/files/assets/${token}`;
export const assetThumbnailUrl = (token: string) => `/api/files/assets/${token}/thumbnail`;
