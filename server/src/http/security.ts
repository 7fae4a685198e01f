/**
 * Security headers (helmet + CSP), CORS limited to PUBLIC_URL's origin, input PostgreSQL cannot store refused,
 * and secrets kept out of the request logs.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { installLogRedaction } from './log-redaction';
import { installNulGuard } from './nul-guard';

export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  installLogRedaction(app);
  const secure = config.publicUrl.startsWith('https:');
  const socketOrigin = config.publicOrigin.replace(/^http/, 'ws');
  const fbSdkOrigin = new URL(config.whatsapp.fbSdkUrl).origin;
  // helmet's middleware built once: @fastify/helmet builds it again on every request (parsing the CSP each time),
  // a measurable share of the webhook path's CPU (issue #15, docs/reliability.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Our own bundles, plus the Facebook SDK for the embedded sign-up (the sandbox's fake in the demo).
        scriptSrc: ["'self'", fbSdkOrigin],
        // antd (cssinjs) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', fbSdkOrigin, 'https://*.facebook.com', 'https://*.fbcdn.net'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin, fbSdkOrigin, 'https://*.facebook.com'],
        // The embedded sign-up opens Facebook's dialog in a frame or popup.
        frameSrc: ["'self'", fbSdkOrigin, 'https://*.facebook.com'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Remotes and media are same-origin; COEP would only get in the way of Facebook's popup.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: secure ? undefined : false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(cors, {
    origin: [config.publicOrigin],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  installNulGuard(app);
}
