/**
 * Which shell build the server serves. `npm run deploy -- shell` publishes shell builds like remotes, into
 * DEPLOYMENTS_DIR/shell/<version>/, and the pointer's `shell.live` names the live one (rollback moves it). Without
 * a deployed shell, WEB_ROOT is served as it is.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface ShellRoots {
  /** The folder index.html and every unhashed file come from. */
  live: string;
  /** Earlier shell versions: a tab opened before a deploy still loads its content-hashed chunks from them. */
  earlier: string[];
}

interface ShellPointer {
  shell?: { live?: unknown; fallbacks?: unknown; history?: { version?: unknown }[] };
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

export function liveShell(deploymentsDir: string, webRoot: string): () => Promise<ShellRoots> {
  const pointerFile = path.join(deploymentsDir, 'remotes.json');
  let cached: { mtimeMs: number; roots: ShellRoots } | undefined;
  const fallback: ShellRoots = { live: webRoot, earlier: [] };

  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.stat(pointerFile)).mtimeMs;
    } catch {
      return fallback;
    }
    if (cached?.mtimeMs === mtimeMs) return cached.roots;
    let pointer: ShellPointer;
    try {
      pointer = JSON.parse(await fs.readFile(pointerFile, 'utf8')) as ShellPointer;
    } catch {
      return cached?.roots ?? fallback; // replaced while we read: the next request sees the new file
    }
    const live = pointer.shell?.live;
    const folder = (version: string) => path.join(deploymentsDir, 'shell', version);
    let roots = fallback;
    if (typeof live === 'string' && VERSION.test(live)) {
      const others = [
        ...(Array.isArray(pointer.shell?.fallbacks) ? pointer.shell.fallbacks : []),
        ...(pointer.shell?.history ?? []).map((entry) => entry?.version),
      ].filter((v): v is string => typeof v === 'string' && VERSION.test(v) && v !== live);
      roots = { live: folder(live), earlier: [...new Set(others)].map(folder) };
    }
    cached = { mtimeMs, roots };
    return roots;
  };
}
