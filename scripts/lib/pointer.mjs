import fs from 'node:fs';
import path from 'node:path';

/** How many earlier versions the pointer remembers per remote (the shell falls back through them). */
export const HISTORY_LENGTH = 5;

export const pointerPath = (deploymentsDir) => path.join(deploymentsDir, 'remotes.json');

export function readPointer(deploymentsDir) {
  try {
    const pointer = JSON.parse(fs.readFileSync(pointerPath(deploymentsDir), 'utf8'));
    return { remotes: {}, ...pointer };
  } catch (error) {
    if (error.code === 'ENOENT') return { remotes: {} };
    throw error;
  }
}

/** Atomic: write a temporary file beside it, then rename over — a reader never sees half a file. */
export function writePointer(deploymentsDir, pointer) {
  fs.mkdirSync(deploymentsDir, { recursive: true });
  const target = pointerPath(deploymentsDir);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(pointer, null, 2)}\n`);
  fs.renameSync(temporary, target);
}

/** Makes `version` live for `remote`, putting it first in the history (which stays short). */
export function pointTo(pointer, remote, version, deployedAt = new Date().toISOString()) {
  const entry = pointer.remotes[remote] ?? { live: version, history: [] };
  const known = (entry.history ?? []).find((release) => release.version === version);
  const history = [
    known ?? { version, deployedAt },
    ...(entry.history ?? []).filter((release) => release.version !== version),
  ].slice(0, HISTORY_LENGTH);
  return { ...pointer, remotes: { ...pointer.remotes, [remote]: { live: version, history } } };
}
