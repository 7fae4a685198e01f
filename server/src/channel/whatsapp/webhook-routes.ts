/**
 * WhatsApp's webhook (access 'webhook': no bearer; the signature is the credential):
 *   GET  /webhooks/whatsapp  Meta's subscription handshake: hub.verify_token must equal WHATSAPP_VERIFY_TOKEN,
 *                            then hub.challenge is echoed as plain text; anything else → 403.
 *   POST /webhooks/whatsapp  X-Hub-Signature-256 over the raw bytes with WHATSAPP_APP_SECRET (bad or missing →
 *                            401, nothing stored); every event applied and committed BEFORE the 200, because only
 *                            a 200 stops Meta's redelivery. A failure answers 500 so Meta delivers again.
 * The body is kept as the exact bytes received (Meta signs its \uXXXX-escaped serialisation; re-serialising
 * would break the signature), so this scope parses bodies itself.
 */
import { timingSafeEqual } from 'node:crypto';
import type { AppModule } from '../../services';
import { HttpError } from '../../http/errors';
import { stripNul } from '../../http/nul-guard';
import { createMessageEvents } from '../../modules/conversations/events';
import { createMediaLinkSigner } from '../../modules/conversations/media-links';
import { handleWebhookEvents } from '../../modules/conversations/webhook-events';
import { parseWebhookPayload, WebhookPayloadError } from './webhook-payload';
import { verifyWebhookSignature } from './webhook-signature';

export const WEBHOOK_PATH = '/webhooks/whatsapp';

/** Meta's payloads are at most 3 MB. */
const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

function sameSecret(given: unknown, expected: string | undefined): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface HandshakeQuery {
  'hub.mode'?: string;
  'hub.verify_token'?: string;
  'hub.challenge'?: string;
}

export const whatsappWebhookModule: AppModule = {
  name: 'whatsapp-webhook',
  async register(app, { db, config, jobs, realtime }) {
    const events = createMessageEvents(db, realtime, createMediaLinkSigner(config.auth.jwtSecret), app.log);
    const access = { config: { access: 'webhook' as const } };
    const { appSecret, verifyToken } = config.whatsapp;
    if (!appSecret) app.log.warn('WHATSAPP_APP_SECRET is not set: WhatsApp webhooks will be refused (401)');

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );

      scope.get<{ Querystring: HandshakeQuery }>(WEBHOOK_PATH, access, async (request, reply) => {
        const query = request.query;
        if (query['hub.mode'] !== 'subscribe' || !sameSecret(query['hub.verify_token'], verifyToken)) {
          throw new HttpError(403, 'Verification token does not match');
        }
        return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
      });

      scope.post(WEBHOOK_PATH, access, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!appSecret || !verifyWebhookSignature(raw, request.headers['x-hub-signature-256'], appSecret)) {
          throw new HttpError(401, 'Invalid or missing X-Hub-Signature-256');
        }
        let payload: unknown;
        try {
          // PostgreSQL cannot store NUL: a customer's text carrying one must not fail (and be redelivered) forever.
          payload = stripNul(JSON.parse(raw.toString('utf8')));
        } catch {
          throw new HttpError(400, 'Webhook body is not valid JSON');
        }
        let parsed;
        try {
          parsed = parseWebhookPayload(payload);
        } catch (error) {
          if (error instanceof WebhookPayloadError) {
            // Signed by Meta but not something we handle (another object type): acknowledge, or it comes back for days.
            request.log.info({ reason: error.message }, 'webhook ignored');
            return reply.status(200).send({ ok: true });
          }
          throw error;
        }
        const outcome = await handleWebhookEvents({ db, jobs, events, log: request.log }, parsed);
        request.log.debug({ ...outcome }, 'webhook handled');
        return reply.status(200).send({ ok: true });
      });
    });
  },
};
