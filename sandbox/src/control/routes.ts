import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { echoFromPhoneApp, historyBatch, type EchoRequest, type HistoryRequest } from '../customers/business-app';
import { receiveInbound, InboundError, type InboundRequest } from '../customers/inbound-message';
import { startSignup } from '../graph/oauth';
import { digitsOnly, newToken } from '../ids';
import { seeded } from '../seed';
import { faultCodes, type DeliveryOptions, type FaultCode } from '../state';
import { messageView, stateView } from './views';

type Json = Record<string, unknown>;

const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ message });

/** Everything tests, the customer page and the CLI drive the sandbox with, under `/_sandbox/`. */
export function registerControlRoutes(app: FastifyInstance, ctx: SandboxContext, reset: () => void): void {
  const { state } = ctx;

  app.get('/_sandbox/state', async () => ({ ...stateView(state), seeded }));

  app.post('/_sandbox/inbound', async (request, reply) => {
    try {
      const message = receiveInbound(ctx, (request.body ?? {}) as InboundRequest, seeded.phoneNumberId);
      return reply.code(201).send({ wamid: message.wamid, message: message.payload });
    } catch (error) {
      if (error instanceof InboundError) return badRequest(reply, error.message);
      throw error;
    }
  });

  // The business replies from its WhatsApp Business app (coexistence): an smb_message_echoes webhook.
  app.post('/_sandbox/echo', async (request, reply) => {
    try {
      const message = echoFromPhoneApp(ctx, (request.body ?? {}) as EchoRequest, seeded.phoneNumberId);
      return reply.code(201).send({ wamid: message.wamid, echo: message.payload });
    } catch (error) {
      if (error instanceof InboundError) return badRequest(reply, error.message);
      throw error;
    }
  });

  // A coexistence history batch (past chats with one customer): a history webhook.
  app.post('/_sandbox/history', async (request, reply) => {
    try {
      return reply.code(201).send(historyBatch(ctx, (request.body ?? {}) as HistoryRequest, seeded.phoneNumberId));
    } catch (error) {
      if (error instanceof InboundError) return badRequest(reply, error.message);
      throw error;
    }
  });

  app.get('/_sandbox/customers', async () => [...state.customers.values()]);

  app.get<{ Params: { waId: string }; Querystring: { phoneNumberId?: string } }>(
    '/_sandbox/customers/:waId/messages',
    async (request) => {
      // A username customer is keyed by user id ('US.…'), everyone else by the digits of the phone.
      const waId = /[a-z]/i.test(request.params.waId) ? request.params.waId : digitsOnly(request.params.waId);
      const phoneNumberId = request.query.phoneNumberId;
      return state.messages
        .filter(
          (message) => message.customerWaId === waId && (!phoneNumberId || message.phoneNumberId === phoneNumberId),
        )
        .map(messageView);
    },
  );

  app.get<{ Querystring: { to?: string; phoneNumberId?: string } }>('/_sandbox/outbound', async (request) => {
    const to = request.query.to ? digitsOnly(request.query.to) : undefined;
    return state.messages
      .filter((message) => message.direction === 'outbound')
      .filter(
        (message) =>
          (!to || message.customerWaId === to) &&
          (!request.query.phoneNumberId || message.phoneNumberId === request.query.phoneNumberId),
      )
      .map(messageView);
  });

  app.post<{ Params: { wamid: string } }>('/_sandbox/messages/:wamid/status', async (request, reply) => {
    const message = state.findMessage(request.params.wamid);
    if (!message || message.direction !== 'outbound')
      return reply.code(404).send({ message: 'No business message with that wamid.' });
    const body = (request.body ?? {}) as Json;
    const status = body.status;
    if (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'played' && status !== 'failed')
      return badRequest(reply, 'status must be sent, delivered, read, played or failed.');
    // Meta reports 'played' for voice (audio) messages only.
    if (status === 'played' && message.type !== 'audio')
      return badRequest(reply, 'played is only for an audio message.');
    const errorCode = body.errorCode === 131047 || body.errorCode === 131026 ? body.errorCode : undefined;
    ctx.statuses.push(message, status, errorCode);
    return { ok: true };
  });

  app.post('/_sandbox/faults', async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    if (!faultCodes.includes(body.code as FaultCode))
      return badRequest(reply, `code must be one of ${faultCodes.join(', ')}.`);
    const recipient = typeof body.recipient === 'string' && body.recipient ? digitsOnly(body.recipient) : undefined;
    if (body.count !== undefined && (!Number.isInteger(body.count) || (body.count as number) < 1))
      return badRequest(reply, 'count must be a positive integer.');
    const remaining = (body.count as number | undefined) ?? (recipient ? undefined : 1);
    const fault = {
      id: state.nextFaultId++,
      code: body.code as FaultCode,
      ...(remaining !== undefined ? { remaining } : {}),
      ...(recipient ? { recipient } : {}),
    };
    state.faults.push(fault);
    return reply.code(201).send(fault);
  });
  app.get('/_sandbox/faults', async () => state.faults);
  app.delete('/_sandbox/faults', async () => {
    state.faults = [];
    return { ok: true };
  });

  app.get('/_sandbox/delivery', async () => state.delivery);
  app.put('/_sandbox/delivery', async (request, reply) => {
    const body = (request.body ?? {}) as Partial<DeliveryOptions>;
    const booleans = [
      'duplicate',
      'reverseStatuses',
      'batch',
      'badSignature',
      'autoStatuses',
      'skipDelivered',
    ] as const;
    for (const key of booleans) {
      if (body[key] !== undefined && typeof body[key] !== 'boolean')
        return badRequest(reply, `${key} must be true or false.`);
    }
    if (body.autoStatusesUpTo !== undefined && !['sent', 'delivered', 'read'].includes(body.autoStatusesUpTo))
      return badRequest(reply, 'autoStatusesUpTo must be sent, delivered or read.');
    if (body.webhookUrl !== undefined && (typeof body.webhookUrl !== 'string' || !/^https?:\/\//.test(body.webhookUrl)))
      return badRequest(reply, 'webhookUrl must be an http(s) URL.');
    const wasBatching = state.delivery.batch;
    for (const key of [...booleans, 'autoStatusesUpTo', 'webhookUrl'] as const)
      if (body[key] !== undefined) Object.assign(state.delivery, { [key]: body[key] });
    if (wasBatching && !state.delivery.batch) ctx.dispatcher.flushBatch();
    return state.delivery;
  });

  app.get<{ Querystring: { limit?: string } }>('/_sandbox/deliveries', async (request) => {
    const limit = Number.parseInt(request.query.limit ?? '', 10);
    return Number.isFinite(limit) && limit > 0 ? state.deliveryLog.slice(-limit) : state.deliveryLog;
  });
  app.post<{ Params: { id: string } }>('/_sandbox/deliveries/:id/redeliver', async (request, reply) => {
    const deliveryId = ctx.dispatcher.redeliver(Number(request.params.id));
    if (deliveryId === undefined) return reply.code(404).send({ message: 'No delivery with that id.' });
    return reply.code(202).send({ deliveryId });
  });
  app.get('/_sandbox/counters', async () => state.counters);

  app.get<{ Querystring: { timeoutMs?: string } }>('/_sandbox/idle', async (request, reply) => {
    const deadline = Date.now() + Math.min(Number(request.query.timeoutMs) || 10_000, 60_000);
    while (Date.now() < deadline) {
      if (ctx.scheduler.pending === 0 && !ctx.dispatcher.busy) return { idle: true };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return reply.code(408).send({ idle: false, message: 'Still delivering.' });
  });

  app.post('/_sandbox/reset', async () => {
    reset();
    return { ok: true };
  });

  app.post('/_sandbox/signup', async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    if (body.codeTtlMs !== undefined && (typeof body.codeTtlMs !== 'number' || body.codeTtlMs < 0))
      return badRequest(reply, 'codeTtlMs must be a number of milliseconds.');
    const signup = startSignup(ctx, {
      codeTtlMs: body.codeTtlMs as number | undefined,
      businessName: typeof body.businessName === 'string' ? body.businessName : undefined,
    });
    return reply.code(201).send({ ...signup, expiresAt: new Date(signup.expiresAt).toISOString() });
  });

  app.post('/_sandbox/tokens', async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    const wabaIds = Array.isArray(body.wabaIds) ? body.wabaIds.map(String) : [seeded.wabaId];
    if (wabaIds.some((wabaId) => !state.businesses.has(wabaId)))
      return badRequest(reply, 'Unknown WABA id in wabaIds.');
    const token = typeof body.token === 'string' && body.token ? body.token : newToken('EAAG');
    state.tokens.set(token, { token, wabaIds: new Set(wabaIds), label: 'control API' });
    return reply.code(201).send({ token, wabaIds });
  });
  // Meta expires or invalidates a token on its own (password change, 60-day user tokens, a removed system user).
  app.post<{ Params: { token: string } }>('/_sandbox/tokens/:token/expire', async (request, reply) => {
    const grant = state.tokens.get(request.params.token);
    if (!grant) return reply.code(404).send({ message: 'No such token.' });
    grant.expiredAt = Date.now();
    return { token: grant.token, expiredAt: new Date(grant.expiredAt).toISOString() };
  });
  app.delete<{ Params: { token: string } }>('/_sandbox/tokens/:token', async (request) => ({
    revoked: state.tokens.delete(request.params.token),
  }));

  app.get<{ Params: { id: string } }>('/_sandbox/media/:id', async (request, reply) => {
    const record = state.media.get(request.params.id);
    if (!record) return reply.code(404).send({ message: 'No such media.' });
    return reply.type(record.mimeType).header('x-content-type-options', 'nosniff').send(record.bytes);
  });

  app.get<{ Params: { id: string } }>('/_sandbox/flows/:id', async (request, reply) => {
    const flow = state.findFlow(request.params.id);
    if (!flow) return reply.code(404).send({ message: 'No such flow.' });
    return { id: flow.id, name: flow.name, status: flow.status, fields: flow.fields };
  });

  /** Runs Meta's GET handshake against the webhook URL with the configured verify token. */
  app.post('/_sandbox/handshake', async () => {
    const url = new URL(state.delivery.webhookUrl);
    const challenge = String(Math.floor(Math.random() * 1e9));
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.verify_token', ctx.options.verifyToken);
    url.searchParams.set('hub.challenge', challenge);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const text = await response.text();
      return { ok: response.status === 200 && text === challenge, status: response.status, body: text.slice(0, 200) };
    } catch (error) {
      return { ok: false, status: null, error: (error as Error).message };
    }
  });
}
