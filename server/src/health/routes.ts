/** GET /healthz: the process answers. GET /readyz: the database answers `select 1` (503 otherwise). */
import { errorAnswer, healthAnswer, readinessAnswer } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { refusals, typed } from '../http/api-reference';
import type { AppModule } from '../services';

export const healthModule: AppModule = {
  name: 'health',
  register(app, { db, dbKind }) {
    const api = typed(app);
    const publicRoute = { config: { access: 'public' as const }, logLevel: 'warn' as const };
    const tags = ['Health'];
    api.get(
      '/healthz',
      {
        ...publicRoute,
        schema: { tags, summary: 'The process answers', response: { 200: healthAnswer, ...refusals } },
      },
      async () => ({ status: 'ok' as const }),
    );
    api.get(
      '/readyz',
      {
        ...publicRoute,
        schema: {
          tags,
          summary: 'The database answers',
          response: { 200: readinessAnswer, 503: errorAnswer, ...refusals },
        },
      },
      async (request, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { status: 'ready' as const, database: dbKind };
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          return reply.status(503).send({ message: 'Database unavailable' });
        }
      },
    );
  },
};
