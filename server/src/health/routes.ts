/** GET /healthz: the process answers. GET /readyz: the database answers `select 1` (503 otherwise). */
import { sql } from 'drizzle-orm';
import type { AppModule } from '../services';

export const healthModule: AppModule = {
  name: 'health',
  register(app, { db, dbKind }) {
    const publicRoute = { config: { access: 'public' as const }, logLevel: 'warn' as const };
    app.get('/healthz', publicRoute, async () => ({ status: 'ok' }));
    app.get('/readyz', publicRoute, async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ready', database: dbKind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ message: 'Database unavailable' });
      }
    });
  },
};
