/**
 * The asset library (spec sections 2, 5, 7):
 *   GET    /api/account/assets?limit&page   (user)  → { list, lastPage }, deleted ones included
 *   POST   /api/account/assets              (owner) multipart, repeated `files` → { list } (≤5 files, ≤15 MB each)
 *   PUT    /api/account/assets/{id}         (owner) { name, description } → Asset
 *   DELETE /api/account/assets/{id}         (owner) → Asset (soft delete)
 *   POST   /api/account/assets/{id}         (owner) → Asset (restore)
 *   GET    /api/files/assets/{token}[/thumbnail] (public, capability address: see file-urls.ts)
 * Refusals carry `description` (the screens show it).
 */
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { MAX_TEXT, requiredString } from '../../http/validation';
import type { AppModule } from '../../services';
import { pageQuery } from '../contacts/paging';
import { describedError, parseDescribed } from './described-error';
import { FILE_TOKEN } from './file-urls';
import { readUploadedFiles, UPLOAD_LIMITS } from './read-upload';
import { sendStoredFile } from './serve-stored-file';
import { createAssets, deleteAsset, findAssetByFileToken, listAssets, restoreAsset, updateAsset } from './service';

const MAX_DESCRIPTION = 1000;

const assetBody = z.object({
  name: requiredString(MAX_TEXT),
  description: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(MAX_DESCRIPTION).nullish(),
  ),
});

type IdParams = { Params: { id: string } };
type FileParams = { Params: { token: string } };

export const assetsModule: AppModule = {
  name: 'assets',
  async register(app, { db, storage }) {
    const userRoute = { config: { access: 'user' as const } };
    const ownerRoute = { config: { access: 'owner' as const } };

    app.get('/api/account/assets', userRoute, async (request) => {
      const { accountId } = requireAuth(request);
      return listAssets(db, accountId, parseDescribed(pageQuery, request.query));
    });

    // Multipart parsing lives in its own scope with this route's limits, so it cannot clash with another
    // module's upload settings (and is skipped if the app already parses multipart).
    await app.register(async (uploads) => {
      if (!uploads.hasContentTypeParser('multipart/form-data')) {
        await uploads.register(multipart, { limits: UPLOAD_LIMITS });
      }
      uploads.post('/api/account/assets', ownerRoute, async (request, reply) => {
        const { accountId } = requireAuth(request);
        const files = await readUploadedFiles(request);
        return reply.status(201).send({ list: await createAssets(db, storage, accountId, files) });
      });
    });

    app.put<IdParams>('/api/account/assets/:id', ownerRoute, async (request) => {
      const { accountId } = requireAuth(request);
      const body = parseDescribed(assetBody, request.body);
      return updateAsset(db, accountId, request.params.id, { name: body.name, description: body.description ?? null });
    });

    app.delete<IdParams>('/api/account/assets/:id', ownerRoute, async (request) => {
      const { accountId } = requireAuth(request);
      return deleteAsset(db, accountId, request.params.id);
    });

    app.post<IdParams>('/api/account/assets/:id', ownerRoute, async (request) => {
      const { accountId } = requireAuth(request);
      return restoreAsset(db, accountId, request.params.id);
    });

    const publicRoute = { config: { access: 'public' as const } };
    const fileOf = async (token: string) => {
      const asset = FILE_TOKEN.test(token) ? await findAssetByFileToken(db, token) : undefined;
      if (!asset) throw describedError(404, 'File not found');
      return asset;
    };

    app.get<FileParams>('/api/files/assets/:token', publicRoute, async (request, reply) => {
      const asset = await fileOf(request.params.token);
      return sendStoredFile(request, reply, storage, {
        key: asset.storageKey,
        contentType: asset.mimeType,
        fileName: asset.fileName,
      });
    });

    app.get<FileParams>('/api/files/assets/:token/thumbnail', publicRoute, async (request, reply) => {
      const asset = await fileOf(request.params.token);
      if (!asset.thumbnailKey) throw describedError(404, 'This asset has no thumbnail');
      const base = asset.fileName.replace(/\.[^.]*$/, '');
      return sendStoredFile(request, reply, storage, {
        key: asset.thumbnailKey,
        contentType: 'image/webp',
        fileName: `${base}-thumbnail.webp`,
      });
    });
  },
};
