/**
 * GET /api/public-config (public): what the browser needs for the embedded sign-up.
 * GET /api/account/connection (user): { status: 'connected'|'disconnected'|'none', reason? }.
 * POST /api/account/credentials (owner): connect with typed WABA id, phone number id and token.
 * POST /api/user/first-onboard (owner): connect with the embedded sign-up's code.
 * A successful connect resumes the sends and downloads held while disconnected and announces `connection`.
 */
import {
  connectionState as connectionAnswer,
  credentialsBody,
  firstOnboardBody,
  okAnswer,
  publicConfig,
} from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { resumeHeldDownloads } from '../conversations/media-download-job';
import { resumeHeldSends } from '../conversations/outbound';
import { announceConnection, connectionState, type ConnectionState } from './connection-state';
import { connectWithCredentials, connectWithSignup } from './onboarding';

export const credentialsModule: AppModule = {
  name: 'credentials',
  register(app, { db, config, jobs, realtime }) {
    const deps = { db, config, log: app.log };
    const api = typed(app);
    const tags = ['WhatsApp connection'];
    const connectAnswers = { 200: okAnswer, ...refusals };

    /** After a successful connect: held sends go out in order, and every screen learns it. */
    async function connected(accountId: string, before: ConnectionState) {
      const resumed = await resumeHeldSends(db, jobs, accountId);
      const downloads = await resumeHeldDownloads(db, jobs, accountId);
      if (resumed + downloads > 0)
        app.log.info({ accountId, resumed, downloads }, 'resumed sends and downloads held while disconnected');
      if (before.status !== 'connected') announceConnection(realtime, accountId, { status: 'connected' });
    }

    api.get(
      '/api/public-config',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'What the embedded sign-up needs', response: { 200: publicConfig, ...refusals } },
      },
      async () => ({
        fbAppId: config.whatsapp.fbAppId ?? null,
        fbConfigId: config.whatsapp.fbConfigId ?? null,
        fbSdkUrl: config.whatsapp.fbSdkUrl,
        fbSdkOrigin: new URL(config.whatsapp.fbSdkUrl).origin,
      }),
    );

    api.get(
      '/api/account/connection',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The account's WhatsApp connection state",
          response: { 200: connectionAnswer, ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return connectionState(db, accountId);
      },
    );

    api.post(
      '/api/account/credentials',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Connect with a typed WABA id, phone number id and token',
          body: credentialsBody,
          response: connectAnswers,
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const before = await connectionState(db, accountId);
        await connectWithCredentials(deps, accountId, request.body);
        await connected(accountId, before);
        return { ok: true as const };
      },
    );

    api.post(
      '/api/user/first-onboard',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: "Connect with the embedded sign-up's code",
          body: firstOnboardBody,
          response: connectAnswers,
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const before = await connectionState(db, accountId);
        await connectWithSignup(deps, accountId, request.body);
        await connected(accountId, before);
        return { ok: true as const };
      },
    );
  },
};
