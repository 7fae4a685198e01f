import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` regenerates the whole drizzle/ folder from the schema (nothing is released yet).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
