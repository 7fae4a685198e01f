import { formatFileSize } from '@parley/shared';
import { t } from '../i18n';

/** docs/product-rules.md#upload: at most 5 files at a time, each at most 15 MB. Texts are exact (in English). */
export const MAX_FILES_PER_UPLOAD = 5;
export const MAX_FILE_BYTES = 15 * 1024 * 1024;

export const tooMany = () => t('assets.tooMany', { max: MAX_FILES_PER_UPLOAD });
export const tooLarge = (fileName: string) =>
  t('assets.tooLarge', { name: fileName, size: formatFileSize(MAX_FILE_BYTES) });

export interface UploadChoice {
  /** The files to send (may be empty: then nothing is sent). */
  accepted: File[];
  /** One text per refusal, to show as toasts. */
  problems: string[];
}

export function chooseUploadableFiles(files: File[]): UploadChoice {
  if (files.length > MAX_FILES_PER_UPLOAD) return { accepted: [], problems: [tooMany()] };
  const accepted = files.filter((file) => file.size <= MAX_FILE_BYTES);
  const problems = files.filter((file) => file.size > MAX_FILE_BYTES).map((file) => tooLarge(file.name));
  return { accepted, problems };
}
