import querystring from 'node:querystring';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { resolveOptions, type SandboxOptions, type SandboxOptionsInput } from './config';
import type { SandboxContext } from './context';
import { registerControlRoutes } from './control/routes';
import { receiveInbound, type InboundRequest } from './customers/inbound-message';
import { StatusDriver } from './customers/status-driver';
import { registerMediaDownload } from './graph/media-download';
import { startSignup } from './graph/oauth';
import { graphVersion, registerGraphRoutes } from './graph/routes';
import { MediaUrlSigner } from './media-store';
import { registerPageRoutes } from './pages/routes';
import { Scheduler } from './scheduler';
import { seedState, seeded } from './seed';
import { emptyCounters, SandboxState, type ConversationMessage, type DeliveryOptions } from './state';
import { WebhookDispatcher } from './webhook/dispatcher';

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  /** e.g. http://127.0.0.1:4010/v22.0 — the server's GRAPH_API_BASE. */
  graphBase: string;
  state: SandboxState;
  options: SandboxOptions;
  seeded: typeof seeded;
  /** A customer sends something (same body as POST /_sandbox/inbound). */
  inbound(request: InboundRequest): ConversationMessage;
  /** What the fake SDK's Finish does: new WABA + phone number and a single-use oauth code. */
  signup(settings?: { codeTtlMs?: number }): ReturnType<typeof startSignup>;
  /** Resolves when no status, retry or webhook POST is pending (rejects after timeoutMs). */
  waitForIdle(timeoutMs?: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

function defaultDelivery(options: SandboxOptions): DeliveryOptions {
  return {
    webhookUrl: options.webhookUrl,
    duplicate: false,
    reverseStatuses: false,
    batch: false,
    badSignature: false,
    autoStatuses: true,
    autoStatusesUpTo: 'read',
    skipDelivered: false,
  };
}

/** Starts the Meta stand-in. Pass `port: 0` for a free port (tests). */
export async function startSandbox(input: SandboxOptionsInput = {}): Promise<RunningSandbox> {
  const resolved = resolveOptions(input);
  const app = Fastify({ logger: resolved.logger, bodyLimit: 40 * 1024 * 1024, forceCloseConnections: true });
  // Graph accepts empty and form-encoded bodies too.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('Invalid JSON body'), { statusCode: 400 });
      done(error, undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, querystring.parse(String(body))),
  );
  await app.register(multipart, { limits: { fileSize: 101 * 1024 * 1024, files: 1 } });

  const state = new SandboxState(defaultDelivery(resolved));
  seedState(state, resolved.appId);
  const scheduler = new Scheduler();
  const options = { ...resolved, publicUrl: resolved.publicUrl ?? '' };
  const dispatcher = new WebhookDispatcher(state, options, scheduler);
  const ctx: SandboxContext = {
    state,
    options,
    scheduler,
    dispatcher,
    statuses: new StatusDriver(state, options, scheduler, dispatcher),
  };
  let signer = new MediaUrlSigner(options.publicUrl, options.mediaUrlTtlMs);
  const signerProxy = {
    urlFor: (...args: Parameters<MediaUrlSigner['urlFor']>) => signer.urlFor(...args),
    check: (...args: Parameters<MediaUrlSigner['check']>) => signer.check(...args),
  } as MediaUrlSigner;

  const reset = () => {
    scheduler.cancelAll();
    state.businesses.clear();
    state.phoneNumbers.clear();
    state.tokens.clear();
    state.media.clear();
    state.customers.clear();
    state.oauthCodes.clear();
    state.messages = [];
    state.faults = [];
    state.deliveryLog = [];
    state.counters = emptyCounters();
    state.delivery = defaultDelivery(resolved);
    seedState(state, resolved.appId);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/_sandbox/') || request.url.startsWith('/sdk')) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-allow-headers', 'content-type');
      reply.header('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS');
      if (request.method === 'OPTIONS') return reply.code(204).send();
    }
  });

  registerGraphRoutes(app, ctx, signerProxy);
  registerMediaDownload(app, ctx, signerProxy);
  registerControlRoutes(app, ctx, reset);
  registerPageRoutes(app, ctx);

  await app.listen({ port: resolved.port, host: resolved.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : resolved.port;
  const url = `http://${resolved.host}:${port}`;
  options.publicUrl = resolved.publicUrl ?? url;
  signer = new MediaUrlSigner(options.publicUrl, options.mediaUrlTtlMs);

  return {
    url,
    graphBase: `${url}/${graphVersion}`,
    state,
    options,
    seeded,
    inbound: (request) => receiveInbound(ctx, request, seeded.phoneNumberId),
    signup: (settings) => startSignup(ctx, settings),
    waitForIdle: async (timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (scheduler.pending > 0 || dispatcher.busy) {
        if (Date.now() > deadline) throw new Error('Sandbox still busy delivering webhooks');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    reset,
    close: async () => {
      scheduler.close();
      await app.close();
    },
  };
}
