/**
 * GET /api/reports?from&to&timeZone (owner): volume and response times of the caller's account (service.ts says
 * how they are measured).
 */
import { reportAnswer, reportQuery } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { buildReport } from './service';

export const reportsModule: AppModule = {
  name: 'reports',
  register(app, { db }) {
    const api = typed(app);
    api.get(
      '/api/reports',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['Reports'],
          summary: 'Conversations, messages and response times per day and per staff member',
          querystring: reportQuery,
          response: { 200: reportAnswer, ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return buildReport(db, accountId, request.query);
      },
    );
  },
};
