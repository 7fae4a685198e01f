/**
 * Compression at request time, for API answers only: the web app's files are compressed once at build time
 * (brotli and gzip twins, served by hosting.ts), so their routes opt out with `compress: false`.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers fit in a packet or two: compressing them costs CPU and saves no round trip. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Request bodies stay as sent: webhook signatures are checked over the exact bytes.
    globalDecompression: false,
  });
}
