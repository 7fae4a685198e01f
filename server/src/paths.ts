import path from 'node:path';

/** server/ — this file lives in server/src (ts) or server/dist (built), one level below. */
export const serverRoot = path.resolve(__dirname, '..');
/** The repository root, two levels above server/src|dist. */
export const repoRoot = path.resolve(__dirname, '..', '..');
/** Drizzle migrations, generated from the schema by `npm run db:generate`. */
export const migrationsDir = path.join(serverRoot, 'drizzle');
