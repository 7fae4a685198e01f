import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalStorage } from './storage';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
};

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-storage-'));
    storage = new LocalStorage(root);
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('stores buffers and streams, reads them back, deletes them', async () => {
    expect(await storage.put('accounts/a/one.txt', Buffer.from('hello'))).toEqual({
      key: 'accounts/a/one.txt',
      size: 5,
    });
    await storage.put('accounts/a/two.txt', Readable.from(['str', 'eam']));
    expect(await read(await storage.get('accounts/a/one.txt'))).toBe('hello');
    expect(await read(await storage.get('accounts/a/two.txt'))).toBe('stream');
    expect(storage.path('accounts/a/one.txt')).toBe(path.join(root, 'accounts/a/one.txt'));
    await storage.delete('accounts/a/one.txt');
    expect(await storage.exists('accounts/a/one.txt')).toBe(false);
    await expect(storage.get('accounts/a/one.txt')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses keys that leave its folder', () => {
    expect(() => storage.path('../secret')).toThrow(/Invalid storage key/);
    expect(() => storage.path('a/../../secret')).toThrow(/Invalid storage key/);
  });
});
