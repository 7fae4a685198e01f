/// <reference types="node" />
// Reads the sources from disk (Node, under jest).
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_ROUTES } from './route-table';

/** Every `webpackChunkName` given in the sources the shell builds (its own and @parley/shared's). */
function chunkNames(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry: fs.Dirent) => {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) return [];
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    return [...text.matchAll(/webpackChunkName: "([\w-]+)"/g)].map((match) => match[1]);
  });
}

describe('the route table', () => {
  // The server preloads each group by its name (server/src/hosting/route-preload.ts): a name no import gives
  // would preload nothing, silently.
  it("names in `preload` only the shell's chunk groups, and the server's fixed ones exist", () => {
    const names = new Set([
      ...chunkNames(path.join(__dirname, '..')),
      ...chunkNames(path.join(__dirname, '../../../shared/src')),
    ]);
    for (const name of ['shell-app', 'api-client', 'realtime']) expect(names).toContain(name);
    const preloaded = PAGE_ROUTES.flatMap((route) => route.preload ?? []);
    expect(preloaded).toContain('phone-formats');
    for (const name of preloaded) expect(names).toContain(name);
  });
});
