/**
 * WhatsApp's webhook (access 'webhook': no bearer; the signature is the credential):
 *   GET  /webhooks/whatsapp  Meta's subscription handshake: hub.verify_token must equal WHATSAPP_VERIFY_TOKEN,
 *                            then hub.challenge is echoed as plain text; anything else → 403.
 *   POST /webhooks/whatsapp  X-Hub-Signature-256 over the raw bytes with WHATSAPP_APP_SECRET (bad or missing →
 *                            401, nothing stored); every event applied and committed BEFORE the 200, because only
 *                            a 200 stops Meta's redelivery. A failure answers 500 so Meta delivers again.
 * What the events mean is the caller's (`handleEvents`, given by the conversations module): this file knows Meta's
 * envelope and signature, nothing of Parley's domain.
 * The body is kept as the exact bytes received (Meta signs its \uXXXX-escaped serialisation; re-serialising
 * would break the signature), so this scope parses bodies itself.
 */
import { timingSafeEqual } from 'node:crypto';
import { errorAnswer, okAnswer } from '@parley/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentedOnly, typed } from '../../http/api-reference';
import { HttpError } from '../../http/errors';
import { parseSanitizedJson } from '../../http/nul-guard';
import { parseWebhookPayload, WebhookPayloadError, type WebhookEvent } from './webhook-payload';
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

/** Meta's subscription handshake (GET). */
const handshakeQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});

/** Meta's signed notification: checked against its signature as bytes, then read (webhook-payload.ts). */
const notificationBody = documentedOnly(
  z.unknown().meta({ description: "Meta's webhook notification (object whatsapp_business_account), signed" }),
);

export interface WhatsAppWebhookOptions {
  appSecret: string | undefined;
  verifyToken: string | undefined;
  /** Applies and commits the events; the 200 that stops Meta's redelivery is sent only after it resolves. */
  handleEvents(events: WebhookEvent[], log: FastifyBaseLogger): Promise<unknown>;
}

export async function registerWhatsAppWebhook(
  app: FastifyInstance,
  { appSecret, verifyToken, handleEvents }: WhatsAppWebhookOptions,
): Promise<void> {
  const access = { config: { access: 'webhook' as const } };
  const tags = ['WhatsApp webhook'];
  if (!appSecret) app.log.warn('WHATSAPP_APP_SECRET is not set: WhatsApp webhooks will be refused (401)');

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    typed(scope).get(
      WEBHOOK_PATH,
      {
        ...access,
        schema: {
          tags,
          summary: "Meta's subscription handshake: echoes hub.challenge when hub.verify_token matches",
          querystring: handshakeQuery,
          response: {
            200: { description: 'hub.challenge', content: { 'text/plain': { schema: z.string() } } },
            '4xx': errorAnswer,
          },
        },
      },
      async (request, reply) => {
        const query = request.query;
        if (query['hub.mode'] !== 'subscribe' || !sameSecret(query['hub.verify_token'], verifyToken)) {
          throw new HttpError(403, 'Verification token does not match');
        }
        return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
      },
    );

    typed(scope).post(
      WEBHOOK_PATH,
      {
        ...access,
        schema: {
          tags,
          summary: "Meta's notifications: messages, statuses, errors of the connected numbers",
          body: notificationBody,
          response: { 200: okAnswer, '4xx': errorAnswer },
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!appSecret || !verifyWebhookSignature(raw, request.headers['x-hub-signature-256'], appSecret)) {
          throw new HttpError(401, 'Invalid or missing X-Hub-Signature-256');
        }
        let payload: unknown;
        try {
          // PostgreSQL cannot store NUL or a lone surrogate: a customer's text carrying one must be stored (with
          // U+FFFD in its place), not fail and be redelivered for days.
          payload = parseSanitizedJson(raw.toString('utf8'));
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
        const outcome = await handleEvents(parsed, request.log);
        request.log.debug({ outcome }, 'webhook handled');
        return reply.status(200).send({ ok: true as const });
      },
    );
  });
}
