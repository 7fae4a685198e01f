import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import type { MediaUrlSigner } from '../media-store';
import type { TokenGrant } from '../state';
import { requireGrant } from './auth';
import { describeFlow, describePhone, describeTemplate, describeWaba } from './describe';
import { registerFlowPreviewPage } from './flow-preview';
import { GraphFailure, graphErrors } from './graph-error';
import { describeMedia, handleUpload, mediaAccessible } from './media';
import { handleSend } from './messages';
import { exchangeCode } from './oauth';
import { paginate } from './paging';

type Query = Record<string, string | undefined>;
type IdParams = { id: string };
type EdgeParams = { id: string; edge: string };

export const graphVersion = 'v22.0';

/** The fake Graph API, served at `<sandbox>/v22.0`. */
export function registerGraphRoutes(app: FastifyInstance, ctx: SandboxContext, signer: MediaUrlSigner): void {
  registerFlowPreviewPage(app, ctx);
  app.register(
    async (graph) => {
      graph.setErrorHandler((error: unknown, _request, reply) => sendGraphError(reply, error));
      graph.setNotFoundHandler((request, reply) => sendGraphError(reply, graphErrors.unknownPath(request.url)));

      graph.get('/oauth/access_token', async (request) => exchangeCode(ctx, request.query as Query));
      graph.post('/oauth/access_token', async (request) =>
        exchangeCode(ctx, { ...(request.query as Query), ...((request.body as Query) ?? {}) }),
      );

      graph.get<{ Params: IdParams }>('/:id', async (request) =>
        getObject(ctx, signer, requireGrant(ctx.state, request), request.params.id, request.query as Query),
      );
      graph.delete<{ Params: IdParams }>('/:id', async (request) => {
        const grant = requireGrant(ctx.state, request);
        const record = ctx.state.media.get(request.params.id);
        if (!record || !mediaAccessible(ctx, grant, record)) throw graphErrors.unknownObject(request.params.id);
        record.deleted = true;
        return { success: true };
      });

      graph.get<{ Params: EdgeParams }>('/:id/:edge', async (request) =>
        getEdge(ctx, requireGrant(ctx.state, request), request),
      );
      graph.post<{ Params: EdgeParams }>('/:id/:edge', async (request, reply) =>
        request.params.edge === 'subscriptions' && request.params.id === ctx.options.appId
          ? subscribeApp(ctx, request)
          : postEdge(ctx, requireGrant(ctx.state, request), request, reply),
      );
      graph.delete<{ Params: EdgeParams }>('/:id/:edge', async (request) => {
        const grant = requireGrant(ctx.state, request);
        const business = accessibleWaba(ctx, grant, request.params.id);
        if (request.params.edge !== 'subscribed_apps') throw graphErrors.unknownPath(request.params.edge);
        business.subscribedAppIds.delete(ctx.options.appId);
        return { success: true };
      });
    },
    { prefix: `/${graphVersion}` },
  );
}

export function sendGraphError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof GraphFailure) return reply.code(error.httpStatus).send(error.toBody());
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500)
    return reply.code(400).send(graphErrors.invalidParameter((error as Error).message).toBody());
  return reply.code(500).send(new GraphFailure(500, 1, 'An unknown error has occurred.').toBody());
}

/** WABA webhook fields Meta offers an app (Webhooks reference, WhatsApp Business Account object). */
const wabaFields = new Set([
  'messages',
  'smb_message_echoes',
  'history',
  'smb_app_state_sync',
  'account_update',
  'message_template_status_update',
  'phone_number_quality_update',
  'flows',
]);

/**
 * `POST /{app-id}/subscriptions` (Graph "App Subscriptions" edge): which fields of the WhatsApp Business Account
 * object the app receives, with the app access token `<app-id>|<app-secret>`. (Meta also verifies the callback
 * URL with a GET handshake; the sandbox posts to its configured webhook URL whatever is set here.)
 */
function subscribeApp(ctx: SandboxContext, request: FastifyRequest<{ Params: EdgeParams }>): unknown {
  const header = request.headers.authorization;
  const body = { ...((request.query as Query) ?? {}), ...((request.body as Query | undefined) ?? {}) };
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : body.access_token;
  if (token !== `${ctx.options.appId}|${ctx.options.appSecret}`) throw graphErrors.invalidToken();
  if (body.object !== 'whatsapp_business_account')
    throw graphErrors.invalidParameter("Param object must be 'whatsapp_business_account'.");
  const fields = String(body.fields ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.length === 0) throw graphErrors.paramRequired('fields');
  const unknown = fields.find((field) => !wabaFields.has(field));
  if (unknown) throw graphErrors.invalidParameter(`Param fields contains an unknown field: ${unknown}.`);
  ctx.state.appSubscription = {
    ...(typeof body.callback_url === 'string' ? { callbackUrl: body.callback_url } : {}),
    fields: new Set(fields),
  };
  return { success: true };
}

function accessibleWaba(ctx: SandboxContext, grant: TokenGrant, wabaId: string) {
  const business = ctx.state.businesses.get(wabaId);
  if (!business || !grant.wabaIds.has(wabaId)) throw graphErrors.unknownObject(wabaId);
  return business;
}

function accessiblePhone(ctx: SandboxContext, grant: TokenGrant, phoneNumberId: string) {
  const phone = ctx.state.phoneNumbers.get(phoneNumberId);
  if (!phone || !grant.wabaIds.has(phone.wabaId)) throw graphErrors.unknownObject(phoneNumberId);
  return phone;
}

function getObject(ctx: SandboxContext, signer: MediaUrlSigner, grant: TokenGrant, id: string, query: Query): unknown {
  const { state } = ctx;
  const phone = state.phoneNumbers.get(id);
  if (phone && grant.wabaIds.has(phone.wabaId)) return describePhone(phone, query);
  const business = state.businesses.get(id);
  if (business && grant.wabaIds.has(id)) return describeWaba(business, query);
  const media = state.media.get(id);
  if (media && mediaAccessible(ctx, grant, media)) {
    if (query.phone_number_id && query.phone_number_id !== media.phoneNumberId) throw graphErrors.unknownObject(id);
    return describeMedia(media, signer);
  }
  const flow = state.findFlow(id);
  if (flow && grant.wabaIds.has(flow.wabaId)) return describeFlow(ctx, flow, query);
  throw graphErrors.unknownObject(id);
}

function pageUrl(ctx: SandboxContext, request: FastifyRequest): string {
  return `${ctx.options.publicUrl}${request.url.split('?')[0]}`;
}

function getEdge(ctx: SandboxContext, grant: TokenGrant, request: FastifyRequest<{ Params: EdgeParams }>): unknown {
  const { id, edge } = request.params;
  const query = request.query as Query;
  if (edge === 'flows') {
    const business = accessibleWaba(ctx, grant, id);
    return paginate(
      business.flows.map((flow) => describeFlow(ctx, flow, query)),
      query,
      pageUrl(ctx, request),
    );
  }
  if (edge === 'message_templates') {
    const business = accessibleWaba(ctx, grant, id);
    const templates = business.templates
      .filter((template) => !query.name || template.name.includes(query.name))
      .filter((template) => !query.status || template.status === query.status.toUpperCase())
      .filter((template) => !query.category || template.category === query.category.toUpperCase())
      .filter((template) => !query.language || template.language === query.language)
      .map(describeTemplate);
    return paginate(templates, query, pageUrl(ctx, request));
  }
  if (edge === 'phone_numbers') {
    accessibleWaba(ctx, grant, id);
    const phones = [...ctx.state.phoneNumbers.values()]
      .filter((phone) => phone.wabaId === id)
      .map((phone) => describePhone(phone, query));
    return paginate(phones, query, pageUrl(ctx, request));
  }
  if (edge === 'subscribed_apps') {
    const business = accessibleWaba(ctx, grant, id);
    return {
      data: [...business.subscribedAppIds].map((appId) => ({
        whatsapp_business_api_data: {
          id: appId,
          link: `https://www.facebook.com/games/?app_id=${appId}`,
          name: 'Parley Sandbox App',
        },
      })),
    };
  }
  throw graphErrors.unknownPath(edge);
}

async function postEdge(
  ctx: SandboxContext,
  grant: TokenGrant,
  request: FastifyRequest<{ Params: EdgeParams }>,
  reply: FastifyReply,
): Promise<unknown> {
  const { id, edge } = request.params;
  if (edge === 'messages') return handleSend(ctx, grant, accessiblePhone(ctx, grant, id), request.body, reply);
  if (edge === 'media') return handleUpload(ctx, accessiblePhone(ctx, grant, id), request);
  if (edge === 'subscribed_apps') {
    accessibleWaba(ctx, grant, id).subscribedAppIds.add(ctx.options.appId);
    return { success: true };
  }
  if (edge === 'register') {
    const phone = accessiblePhone(ctx, grant, id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.messaging_product !== 'whatsapp') throw graphErrors.paramRequired('messaging_product');
    if (body.pin === undefined || body.pin === '') throw graphErrors.paramRequired('pin');
    const pin = String(body.pin);
    if (!/^\d{6}$/.test(pin)) throw new GraphFailure(400, 100, '(#100) Param pin must be 6 characters long.');
    if (phone.pin && phone.pin !== pin)
      throw new GraphFailure(
        400,
        133005,
        '(#133005) Two step verification PIN Mismatch',
        'The PIN you entered is incorrect.',
      );
    phone.pin = pin;
    phone.registered = true;
    return { success: true };
  }
  throw graphErrors.unknownPath(edge);
}
