import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { createPasswordHasher } from '../../src/modules/auth/passwords';
import { DEMO_ACCOUNT_NAME, DEMO_LOGINS } from '../../src/seed/demo-logins';
import { seedDemo } from '../../src/seed/demo';
import { chosenDb, startTestServer } from '../helpers/test-server';
import { createTemporaryDatabase } from '../helpers/postgres';

const onPostgres = chosenDb() === 'postgres' ? it : it.skip;
const onPglite = chosenDb() === 'pglite' ? it : it.skip;

describe('database', () => {
  onPostgres('migrates once when several processes start together', async () => {
    const temporary = await createTemporaryDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: temporary.url, DB_POOL_MAX: '2' });
    const handles = await Promise.all([openDatabase(config), openDatabase(config), openDatabase(config)]);
    try {
      await Promise.all(handles.map((handle) => runMigrations(handle)));
      const { rows } = await handles[0].pool!.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'users'",
      );
      expect(rows[0].n).toBe(1);
      const applied = await handles[0].pool!.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBeGreaterThan(0);
      await runMigrations(handles[1]); // nothing left to do
      const again = await handles[0].pool!.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(again.rows[0].n).toBe(applied.rows[0].n);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await temporary.drop();
    }
  });

  onPglite('opens PGlite with the buffer pool PGLITE_SHARED_BUFFERS names', async () => {
    const server = await startTestServer({ env: { PGLITE_SHARED_BUFFERS: '6MB' } });
    try {
      const shown = await server.db.execute(sql`show shared_buffers`);
      expect((shown as unknown as { rows: { shared_buffers: string }[] }).rows[0].shared_buffers).toBe('6MB');
    } finally {
      await server.close();
    }
  });

  it('seeds the demo account idempotently, and its logins work', async () => {
    const server = await startTestServer();
    try {
      const hasher = createPasswordHasher(server.config.auth.passwordHashing);
      const first = await seedDemo(server.db, hasher);
      const second = await seedDemo(server.db, hasher);
      expect(second).toEqual(first);
      const counted = await server.db.execute(
        sql`select count(*)::int as n from accounts where name = ${DEMO_ACCOUNT_NAME}`,
      );
      expect((counted as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);

      const ownerToken = await server.login(DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
      const agentToken = await server.login(DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
      const owner = await server.request('GET', '/api/user/profile', { token: ownerToken });
      const agent = await server.request('GET', '/api/user/profile', { token: agentToken });
      expect(owner.body).toMatchObject({ role: 'owner', isOwner: true, account: { name: DEMO_ACCOUNT_NAME } });
      expect(agent.body).toMatchObject({ role: 'agent', isOwner: false, account: { id: owner.body.account.id } });
    } finally {
      await server.close();
    }
  });
});
