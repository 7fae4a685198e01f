/**
 * Two built processes started at the same moment on a fresh PostgreSQL database: the migration advisory lock
 * lets one migrate while the other waits, so both come up and every migration is recorded exactly once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { SERVER_ROOT, startCluster, type Cluster } from './cluster';
import { describeScale } from './services';

describeScale('several processes starting together', () => {
  let cluster: Cluster | undefined;
  afterAll(() => cluster?.stop(), 30_000);

  it('migrates once', async () => {
    // Both spawned before either answers; startCluster then waits for both to be ready.
    cluster = await startCluster({ names: ['first', 'second'] });
    const journal = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };

    const client = new Client({ connectionString: cluster.database.url });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
    for (const process of cluster.processes) {
      const ready = await fetch(`${process.url}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' });
      expect(process.logs()).not.toMatch(/already exists|failed to start/i);
    }
  }, 60_000);
});
