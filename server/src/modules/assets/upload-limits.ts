/** docs/product-rules.md#upload: at most 5 files per upload, 15 MB each. The texts are the screen's own. */
export const MAX_FILES_PER_UPLOAD = 5;
export const MAX_FILE_BYTES = 15 * 1024 * 1024;

export const TOO_MANY_FILES = `You can upload up to ${MAX_FILES_PER_UPLOAD} assets at a time.`;
export const fileTooLarge = (fileName: string) => `“${fileName}” is too large (max 15 MB).`;
export const fileTypeRefused = (fileName: string) =>
  `“${fileName}” is not an allowed file type: upload images, videos, audio, PDF, Office documents or plain text.`;
export const imageUnreadable = (fileName: string) => `“${fileName}” could not be read as an image.`;
