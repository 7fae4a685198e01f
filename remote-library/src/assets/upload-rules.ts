/** docs/product-rules.md#upload: at most 5 files at a time, each at most 15 MB. Texts are exact. */
export const MAX_FILES_PER_UPLOAD = 5;
export const MAX_FILE_BYTES = 15 * 1024 * 1024;

export const TOO_MANY_FILES = 'You can upload up to 5 assets at a time.';
export const tooLarge = (fileName: string) => `“${fileName}” is too large (max 15 MB).`;

export interface UploadChoice {
  /** The files to send (may be empty: then nothing is sent). */
  accepted: File[];
  /** One text per refusal, to show as toasts. */
  problems: string[];
}

export function chooseUploadableFiles(files: File[]): UploadChoice {
  if (files.length > MAX_FILES_PER_UPLOAD) return { accepted: [], problems: [TOO_MANY_FILES] };
  const accepted = files.filter((file) => file.size <= MAX_FILE_BYTES);
  const problems = files.filter((file) => file.size > MAX_FILE_BYTES).map((file) => tooLarge(file.name));
  return { accepted, problems };
}
