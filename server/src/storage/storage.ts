/**
 * File storage behind one interface: a local folder (STORAGE_DIR) now; an object store can implement the same
 * interface later. Keys are relative paths like `accounts/<id>/assets/<uuid>.png`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFileMeta {
  contentType?: string;
  size?: number;
}

export interface Storage {
  put(key: string, data: Buffer | Readable, meta?: StoredFileMeta): Promise<{ key: string; size: number }>;
  /** Throws an error with code 'ENOENT' when the key does not exist. */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Absolute path on disk (local storage), e.g. for reply.sendFile. */
  path(key: string): string;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  path(key: string): string {
    const normalized = path.posix.normalize(key.replace(/\\/g, '/'));
    if (normalized.startsWith('../') || normalized === '..' || path.isAbsolute(normalized) || normalized === '.') {
      throw new Error(`Invalid storage key: ${key}`);
    }
    return path.join(this.root, normalized);
  }

  async put(key: string, data: Buffer | Readable) {
    const target = this.path(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write to a temporary name and rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temporary));
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    const { size } = await fs.stat(target);
    return { key, size };
  }

  async get(key: string): Promise<Readable> {
    const target = this.path(key);
    await fs.access(target);
    return createReadStream(target);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.path(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.path(key), { force: true });
  }
}
