/** Small WebP previews of uploaded images, so the grid never downloads a 15 MB original. */
import type Sharp from 'sharp';

const THUMBNAIL_SIZE = 480;
/** Refuse decompression bombs: a 15 MB file can still claim a gigantic canvas. */
const MAX_INPUT_PIXELS = 100_000_000;

/** The thumbnail, or null when the bytes are not a readable image (the upload is then refused). */
export async function makeThumbnail(image: Buffer): Promise<Buffer | null> {
  // Loaded at the first image, not at every start: sharp's native library is large. Outside the try: a sharp
  // that cannot load is a server fault, never an unreadable image.
  const sharp = require('sharp') as typeof Sharp;
  try {
    return await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // honour EXIF orientation
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}
