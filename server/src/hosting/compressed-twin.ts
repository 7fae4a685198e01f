/**
 * Which build-time twin (`x.js.br`, `x.js.gz`, tooling/precompress.cjs) answers a request: brotli first,
 * then gzip, as the request's Accept-Encoding allows; only a twin that decompresses to the file's exact bytes,
 * so a file replaced or patched after the build (by hand, by a test) is never shadowed by a stale twin. Copies
 * reset modification times (publishing copies every build), so the check is on content, once per file version.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const DECOMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(zlib.brotliDecompress),
  gzip: promisify(zlib.gunzip),
};
/** Verdicts per file and twin version (path, sizes and times): files never change under a version folder. */
const verdicts = new Map<string, Promise<boolean>>();
const MAX_VERDICTS = 5000;

/** What the twin's Content-Type must say: the type of the file it stands for. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** The encodings the request accepts, best first (`*` counts as gzip; `q=0` refuses). */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name === '*' ? 'gzip' : name);
  }
  return (['br', 'gzip'] as const).filter((encoding) => accepted.has(encoding));
}

async function stat(file: string) {
  try {
    return await fs.stat(file);
  } catch {
    return undefined;
  }
}

async function matches(file: string, twin: string, encoding: Encoding): Promise<boolean> {
  try {
    const [plain, compressed] = await Promise.all([fs.readFile(file), fs.readFile(twin)]);
    return (await DECOMPRESS[encoding](compressed)).equals(plain);
  } catch {
    return false;
  }
}

export interface Twin {
  file: string;
  encoding: Encoding;
  contentType: string;
}

/** The twin to send instead of `file`, or undefined to send `file` itself. */
export async function compressedTwin(
  file: string,
  acceptEncoding: string | string[] | undefined,
): Promise<Twin | undefined> {
  const contentType = TYPES[path.extname(file).toLowerCase()];
  if (!contentType) return undefined;
  const encodings = acceptedEncodings(acceptEncoding);
  if (!encodings.length) return undefined;
  const original = await stat(file);
  if (!original?.isFile()) return undefined;
  for (const encoding of encodings) {
    const twin = file + EXTENSION[encoding];
    const twinStat = await stat(twin);
    if (!twinStat?.isFile()) continue;
    const key = `${twin}\0${twinStat.size}\0${twinStat.mtimeMs}\0${original.size}\0${original.mtimeMs}`;
    let verdict = verdicts.get(key);
    if (!verdict) {
      if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
      verdict = matches(file, twin, encoding);
      verdicts.set(key, verdict);
    }
    if (await verdict) return { file: twin, encoding, contentType };
  }
  return undefined;
}

/** Whether a file of this name may have twins (so answers for it vary with Accept-Encoding). */
export const mayHaveTwin = (file: string) => path.extname(file).toLowerCase() in TYPES;
