/**
 * Secrets stay out of the logs, whatever LOG_LEVEL says. Every route gets log serializers that
 * - write the request URL without secret query values (Meta's handshake token, signed-link signatures, codes) and
 *   without the capability part of file addresses (/api/files/assets/<token> is the permission itself);
 * - drop the request headers @fastify/multipart logs at trace level (they include `authorization`).
 * Bodies are never logged by Fastify; handlers log ids, not inputs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SECRET_QUERY_KEYS = /^(hub\.verify_token|signature|token|access_token|code|client_secret|password)$/i;
const CAPABILITY_PATHS = /^(\/api\/files\/(?:assets|flow-previews)\/)[^/?]+/;
export const REDACTED = '[redacted]';

/** The URL as it may be logged. */
export function redactUrl(url: string): string {
  const [pathPart, query] = url.split(/\?(.*)/s, 2);
  const path = pathPart.replace(CAPABILITY_PATHS, `$1${REDACTED}`);
  if (query === undefined) return path;
  const params = query.split('&').map((pair) => {
    const [rawKey] = pair.split('=', 1);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      // keep the raw key
    }
    return SECRET_QUERY_KEYS.test(key) ? `${rawKey}=${REDACTED}` : pair;
  });
  return `${path}?${params.join('&')}`;
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function serializeBusboyOptions(options: { headers?: Record<string, unknown> } & Record<string, unknown>) {
  const { headers, ...rest } = options ?? {};
  return { ...rest, headers: { 'content-type': headers?.['content-type'] } };
}

export function installLogRedaction(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.logSerializers = {
      req: serializeRequest as never,
      busboyOptions: serializeBusboyOptions as never,
      ...route.logSerializers,
    };
  });
}
