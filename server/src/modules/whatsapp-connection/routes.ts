/**
 * GET /api/public-config (public): what the browser needs for the embedded sign-up.
 * POST /api/account/credentials (owner): connect with typed WABA id, phone number id and token.
 * POST /api/user/first-onboard (owner): connect with the embedded sign-up's code.
 */
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { parseBody } from '../../http/validation';
import type { AppModule } from '../../services';
import { connectWithCredentials, connectWithSignup } from './onboarding';

/** Meta's object ids are digit strings; anything else must never reach a Graph URL path. */
const graphId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(32, `${label} is too long`)
    .regex(/^\d+$/, `${label} must contain only digits`);

const credentialsBody = z.object({
  wabaId: graphId('WABA ID'),
  phoneNumberId: graphId('Phone Number ID'),
  token: z
    .string({ error: 'Token is required' })
    .trim()
    .min(1, 'Token is required')
    .max(4096, 'Token is too long')
    .regex(/^\S+$/, 'Token must not contain spaces'),
});

const firstOnboardBody = z.object({
  wabaId: graphId('WABA ID'),
  // FINISH_ONLY_WABA sign-ups share no number: then the WABA's first number is taken.
  phoneNumberId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    graphId('Phone Number ID').optional(),
  ),
  code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(4096, 'Code is too long'),
  coexistence: z.boolean().optional(),
});

export const whatsappConnectionModule: AppModule = {
  name: 'whatsapp-connection',
  register(app, { db, config }) {
    const deps = { db, config, log: app.log };

    app.get('/api/public-config', { config: { access: 'public' } }, async () => ({
      fbAppId: config.whatsapp.fbAppId ?? null,
      fbConfigId: config.whatsapp.fbConfigId ?? null,
      fbSdkUrl: config.whatsapp.fbSdkUrl,
      fbSdkOrigin: new URL(config.whatsapp.fbSdkUrl).origin,
    }));

    app.post('/api/account/credentials', { config: { access: 'owner' } }, async (request) => {
      const { accountId } = requireAuth(request);
      await connectWithCredentials(deps, accountId, parseBody(credentialsBody, request.body));
      return { ok: true };
    });

    app.post('/api/user/first-onboard', { config: { access: 'owner' } }, async (request) => {
      const { accountId } = requireAuth(request);
      await connectWithSignup(deps, accountId, parseBody(firstOnboardBody, request.body));
      return { ok: true };
    });
  },
};
