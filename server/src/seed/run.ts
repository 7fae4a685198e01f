/** `npm run seed -w @parley/server`: migrates the configured database and adds the demo data (idempotent). */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createPasswordHasher } from '../modules/auth/passwords';
import { DEMO_ACCOUNT_NAME, DEMO_LOGINS } from './demo-logins';
import { seedDemo } from './demo';

async function run() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    await seedDemo(database.db, createPasswordHasher(config.auth.passwordHashing), config);
    console.log(`Demo account "${DEMO_ACCOUNT_NAME}" is ready (${database.kind}):`);
    for (const [role, login] of Object.entries(DEMO_LOGINS)) {
      console.log(`  ${role.padEnd(5)}  ${login.email} / ${login.password}`);
    }
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error('Seeding failed:', error);
  process.exit(1);
});
