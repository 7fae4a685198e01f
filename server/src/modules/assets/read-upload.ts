/**
 * Reads a multipart upload's repeated `files` parts into memory, enforcing the limits while the bytes arrive
 * (a sixth file or a 16 MB file is refused before it is read whole) and checking each file's real type.
 * All or nothing: any refusal stops the upload before anything is stored.
 */
import type { FastifyRequest } from 'fastify';
import { describedError } from './described-error';
import { detectAssetType, type DetectedType } from './file-types';
import { fileTooLarge, fileTypeRefused, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, TOO_MANY_FILES } from './upload-limits';

/** Given with each read, so they hold whoever registered the multipart parser and with what defaults. */
export const UPLOAD_LIMITS = { files: MAX_FILES_PER_UPLOAD, fileSize: MAX_FILE_BYTES, fields: 20, parts: 40 };

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  type: DetectedType;
}

/** Keeps a readable name: no path, no control characters, bounded. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what we strip
  const withoutControls = base.replace(/[\u0000-\u001f\u007f]/g, '');
  const cleaned = withoutControls.trim().slice(0, 200);
  return cleaned || 'file';
}

const errorCode = (error: unknown) => (error as { code?: string } | null)?.code;

export async function readUploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw describedError(415, 'Send the files as multipart/form-data, each in a field named "files"');
  }
  const files: UploadedFile[] = [];
  let current = '';
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type !== 'file') continue;
      current = cleanFileName(part.filename);
      if (part.fieldname !== 'files') {
        await part.toBuffer().catch(() => undefined);
        throw describedError(400, `Unexpected file field "${part.fieldname}": send each file in a field named "files"`);
      }
      const bytes = await part.toBuffer();
      const type = detectAssetType(bytes, current);
      if (!type) throw describedError(415, fileTypeRefused(current));
      files.push({ fileName: current, bytes, type });
    }
  } catch (error) {
    if (errorCode(error) === 'FST_FILES_LIMIT') throw describedError(400, TOO_MANY_FILES);
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw describedError(413, fileTooLarge(current));
    if (errorCode(error) === 'FST_PARTS_LIMIT' || errorCode(error) === 'FST_FIELDS_LIMIT') {
      throw describedError(400, 'Too many form fields in the upload');
    }
    throw error;
  }
  if (files.length === 0) throw describedError(400, 'Choose at least one file to upload (field "files")');
  return files;
}
