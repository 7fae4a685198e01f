/**
 * `POST /api/client-reports`: the shell tells ops when a remote failed to load, fell back to an earlier version,
 * or crashed while rendering. Public (it happens before and after sign-in), small (2 KB), rate-limited per IP, and
 * without user data: which remote, which versions, which page module, a short error text. Each report is one
 * structured log line and one line in DEPLOYMENTS_DIR/.reports/<day>.ndjson, which `npm run releases` counts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { clientReportBody } from '@parley/contract';
import { z } from 'zod';
import { refusals, typed } from '../http/api-reference';
import { defineRateLimit } from '../http/rate-limit';
import type { AppModule } from '../services';

export const reportsDir = (deploymentsDir: string) => path.join(deploymentsDir, '.reports');

export const clientReportsModule: AppModule = {
  name: 'client-reports',
  async register(app, { config }) {
    const dir = reportsDir(path.resolve(config.deploymentsDir));
    const limit = defineRateLimit(app, {
      name: 'client-report-ip',
      max: 60,
      windowMs: 60_000,
      message: 'Too many reports; try again later',
      key: (request) => request.ip,
    });

    typed(app).post(
      '/api/client-reports',
      {
        config: { access: 'public' },
        bodyLimit: 2048,
        // Counted before the body is checked: malformed reports count against the limit too.
        preValidation: async (request) => limit(request),
        schema: {
          tags: ['Operations'],
          summary: 'Report a remote that failed to load, fell back to an earlier version, or crashed',
          body: clientReportBody,
          response: { 204: z.null().describe('Recorded'), ...refusals },
        },
      },
      async (request, reply) => {
        const report = request.body;
        const at = new Date().toISOString();
        request.log.warn({ clientReport: report }, `client report: ${report.kind} ${report.remote} ${report.version}`);
        await fs.mkdir(dir, { recursive: true });
        // One short line per append: appends of several processes to the same day's file do not interleave.
        await fs.appendFile(path.join(dir, `${at.slice(0, 10)}.ndjson`), `${JSON.stringify({ at, ...report })}\n`);
        return reply.status(204).send(null);
      },
    );
  },
};
