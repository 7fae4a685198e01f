import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTES = ['remote-auth', 'remote-inbox', 'remote-library', 'remote-admin'];
export const DEPLOYMENTS_DIR = process.env.DEPLOYMENTS_DIR ?? path.join(ROOT, 'deployments');
