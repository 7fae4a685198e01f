/**
 * The asset library (docs/product-rules.md#library, #upload, #calls):
 *   GET    /api/account/assets?limit&page   (user)  → { list, lastPage }, deleted ones included
 *   POST   /api/account/assets              (owner) multipart, repeated `files` → { list } (≤5 files, ≤15 MB each)
 *   PUT    /api/account/assets/{id}         (owner) { name, description } → Asset
 *   DELETE /api/account/assets/{id}         (owner) → Asset (soft delete)
 *   POST   /api/account/assets/{id}         (owner) → Asset (restore)
 *   GET    /api/files/assets/{token}[/thumbnail] (public, capability address: see file-urls.ts)
 * Refusals carry `description` (the screens show it).
 */
import multipart from '@fastify/multipart';
import {
  asset,
  assetChangesBody,
  fileBytes,
  fileTokenParams,
  idParams,
  paged,
  pageQuery,
  uploadedAssets,
} from '@parley/contract';
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { documentedOnly, refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { describedError } from './described-error';
import { FILE_TOKEN } from './file-urls';
import { readUploadedFiles, UPLOAD_LIMITS } from './read-upload';
import { sendStoredFile } from './serve-stored-file';
import { createAssets, deleteAsset, findAssetByFileToken, listAssets, restoreAsset, updateAsset } from './service';

/** Multipart, read and checked by the handler (read-upload.ts): repeated `files`. */
const uploadBody = documentedOnly(z.object({ files: z.array(fileBytes) }));
/** A stored file: its bytes (images, video and audio inline, the rest as attachments). */
const fileAnswer = { 200: { description: 'The stored file', content: { '*/*': { schema: fileBytes } } }, ...refusals };

export const assetsModule: AppModule = {
  name: 'assets',
  async register(app, { db, storage }) {
    const api = typed(app);
    const tags = ['Assets'];
    const userRoute = { config: { access: 'user' as const, describedRefusals: true } };
    const ownerRoute = { config: { access: 'owner' as const, describedRefusals: true } };
    const assetAnswers = { 200: asset, ...refusals };

    api.get(
      '/api/account/assets',
      {
        ...userRoute,
        schema: {
          tags,
          summary: "A page of the account's assets, deleted ones included",
          querystring: pageQuery,
          response: { 200: paged(asset), ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return listAssets(db, accountId, request.query);
      },
    );

    // Multipart parsing lives in its own scope with this route's limits, so it cannot clash with another
    // module's upload settings (and is skipped if the app already parses multipart).
    await app.register(async (uploads) => {
      if (!uploads.hasContentTypeParser('multipart/form-data')) {
        await uploads.register(multipart, { limits: UPLOAD_LIMITS });
      }
      typed(uploads).post(
        '/api/account/assets',
        {
          ...ownerRoute,
          schema: {
            tags,
            summary: 'Upload files (multipart, repeated `files`): at most 5, each at most 15 MB',
            consumes: ['multipart/form-data'],
            body: uploadBody,
            response: { 201: uploadedAssets, ...refusals },
          },
        },
        async (request, reply) => {
          const { accountId } = requireAuth(request);
          const files = await readUploadedFiles(request);
          return reply.status(201).send({ list: await createAssets(db, storage, accountId, files) });
        },
      );
    });

    api.put(
      '/api/account/assets/:id',
      {
        ...ownerRoute,
        schema: {
          tags,
          summary: "Change an asset's name and description",
          params: idParams,
          body: assetChangesBody,
          response: assetAnswers,
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const body = request.body;
        return updateAsset(db, accountId, request.params.id, {
          name: body.name,
          description: body.description ?? null,
        });
      },
    );

    api.delete(
      '/api/account/assets/:id',
      { ...ownerRoute, schema: { tags, summary: 'Delete an asset (soft)', params: idParams, response: assetAnswers } },
      async (request) => {
        const { accountId } = requireAuth(request);
        return deleteAsset(db, accountId, request.params.id);
      },
    );

    api.post(
      '/api/account/assets/:id',
      {
        ...ownerRoute,
        schema: { tags, summary: 'Restore a deleted asset', params: idParams, response: assetAnswers },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return restoreAsset(db, accountId, request.params.id);
      },
    );

    const publicRoute = { config: { access: 'public' as const, describedRefusals: true } };
    const fileOf = async (token: string) => {
      const asset = FILE_TOKEN.test(token) ? await findAssetByFileToken(db, token) : undefined;
      if (!asset) throw describedError(404, 'File not found');
      return asset;
    };

    api.get(
      '/api/files/assets/:token',
      {
        ...publicRoute,
        schema: { tags, summary: "An asset's file", params: fileTokenParams, response: fileAnswer },
      },
      async (request, reply) => {
        const asset = await fileOf(request.params.token);
        return sendStoredFile(request, reply, storage, {
          key: asset.storageKey,
          contentType: asset.mimeType,
          fileName: asset.fileName,
        });
      },
    );

    api.get(
      '/api/files/assets/:token/thumbnail',
      {
        ...publicRoute,
        schema: { tags, summary: "An image asset's WebP thumbnail", params: fileTokenParams, response: fileAnswer },
      },
      async (request, reply) => {
        const asset = await fileOf(request.params.token);
        if (!asset.thumbnailKey) throw describedError(404, 'This asset has no thumbnail');
        const base = asset.fileName.replace(/\.[^.]*$/, '');
        return sendStoredFile(request, reply, storage, {
          key: asset.thumbnailKey,
          contentType: 'image/webp',
          fileName: `${base}-thumbnail.webp`,
        });
      },
    );
  },
};
