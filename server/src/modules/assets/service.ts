import { ERROR_TEXTS } from '@parley/contract';
import crypto from 'node:crypto';
import type { PageQuery } from '@parley/contract';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { isUuid } from '../../http/ids';
import { lastPageOf } from '../../http/paging';
import { describedError } from './described-error';
import { assetFileUrl, assetThumbnailUrl, newFileToken } from './file-urls';
import type { UploadedFile } from './read-upload';
import { assets, type AssetRow } from './schema';
import { makeThumbnail } from './thumbnails';
import { imageUnreadable } from './upload-limits';

/** An asset as the API answers it (@parley/contract asset). */
export interface AssetView {
  id: string;
  name: string;
  description: string | null;
  url: string;
  thumbnailUrl: string | null;
  mimeType: string;
  fileName: string;
  size: number;
  createdAt: string;
  deletedAt: string | null;
}

export const toAssetView = (row: AssetRow): AssetView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  url: assetFileUrl(row.fileToken),
  thumbnailUrl: row.thumbnailKey ? assetThumbnailUrl(row.fileToken) : null,
  mimeType: row.mimeType,
  fileName: row.fileName,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
});

const ASSET_NOT_FOUND = ERROR_TEXTS.asset_not_found;

/** Newest first; deleted assets included (deletedAt set) so an owner can restore them. */
export async function listAssets(db: Db, accountId: string, { limit, page }: PageQuery) {
  const inAccount = eq(assets.accountId, accountId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(assets)
      .where(inAccount)
      .orderBy(desc(assets.createdAt), desc(assets.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(assets).where(inAccount),
  ]);
  return { list: rows.map(toAssetView), lastPage: lastPageOf(total, limit) };
}

/** The account's asset (deleted or not); 404 for any other id. */
export async function getAsset(db: Db, accountId: string, id: string): Promise<AssetRow> {
  if (!isUuid(id)) throw describedError(404, ASSET_NOT_FOUND);
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, id), eq(assets.accountId, accountId)))
    .limit(1);
  if (!row) throw describedError(404, ASSET_NOT_FOUND);
  return row;
}

/**
 * For the composer's "send an asset": the stored file of an active asset of the account (404 when it is not
 * the account's or is deleted). `storageKey` reads through the Storage interface.
 */
export async function getAssetForSending(db: Db, accountId: string, id: string): Promise<AssetRow> {
  const row = await getAsset(db, accountId, id);
  if (row.deletedAt) throw describedError(404, ASSET_NOT_FOUND);
  return row;
}

/** The asset whose file address carries `token`, for serving the file. */
export async function findAssetByFileToken(db: Db, token: string): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(assets).where(eq(assets.fileToken, token)).limit(1);
  return row;
}

/** Stores every file (and image thumbnails), then records them in one transaction: all or nothing. */
export async function createAssets(
  db: Db,
  storage: Storage,
  accountId: string,
  files: UploadedFile[],
): Promise<AssetView[]> {
  const prepared = [];
  for (const file of files) {
    let thumbnail: Buffer | null = null;
    if (file.type.kind === 'image') {
      thumbnail = await makeThumbnail(file.bytes);
      if (!thumbnail) throw describedError(415, imageUnreadable(file.fileName));
    }
    prepared.push({ file, thumbnail, id: crypto.randomUUID() });
  }

  const storedKeys: string[] = [];
  try {
    const values = [];
    for (const { file, thumbnail, id } of prepared) {
      const folder = `accounts/${accountId}/assets/${id}`;
      const storageKey = `${folder}/original`;
      await storage.put(storageKey, file.bytes, { contentType: file.type.mimeType, size: file.bytes.length });
      storedKeys.push(storageKey);
      let thumbnailKey: string | null = null;
      if (thumbnail) {
        thumbnailKey = `${folder}/thumbnail.webp`;
        await storage.put(thumbnailKey, thumbnail, { contentType: 'image/webp', size: thumbnail.length });
        storedKeys.push(thumbnailKey);
      }
      values.push({
        id,
        accountId,
        name: file.fileName,
        mimeType: file.type.mimeType,
        size: file.bytes.length,
        fileName: file.fileName,
        storageKey,
        thumbnailKey,
        fileToken: newFileToken(),
      });
    }
    // One multi-row insert is atomic on its own; created together, listed in upload order (newest first).
    const now = Date.now();
    const rows = await db
      .insert(assets)
      .values(values.map((value, index) => ({ ...value, createdAt: new Date(now + index) })))
      .returning();
    return rows.reverse().map(toAssetView);
  } catch (error) {
    await Promise.all(storedKeys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

export async function updateAsset(
  db: Db,
  accountId: string,
  id: string,
  changes: { name: string; description: string | null },
): Promise<AssetView> {
  await getAsset(db, accountId, id);
  const [row] = await db
    .update(assets)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(assets.id, id), eq(assets.accountId, accountId)))
    .returning();
  return toAssetView(row);
}

/** Soft delete: the file stays (restorable); deleting a deleted asset changes nothing. */
export async function deleteAsset(db: Db, accountId: string, id: string): Promise<AssetView> {
  const existing = await getAsset(db, accountId, id);
  if (existing.deletedAt) return toAssetView(existing);
  const [row] = await db
    .update(assets)
    .set({ deletedAt: new Date() })
    .where(and(eq(assets.id, id), eq(assets.accountId, accountId), isNull(assets.deletedAt)))
    .returning();
  return toAssetView(row ?? existing);
}

export async function restoreAsset(db: Db, accountId: string, id: string): Promise<AssetView> {
  const existing = await getAsset(db, accountId, id);
  if (!existing.deletedAt) return toAssetView(existing);
  const [row] = await db
    .update(assets)
    .set({ deletedAt: null })
    .where(and(eq(assets.id, id), eq(assets.accountId, accountId), isNotNull(assets.deletedAt)))
    .returning();
  return toAssetView(row ?? existing);
}
