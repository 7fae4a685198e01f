/**
 * Access control. Every route declares who may call it in its config:
 *
 *   app.get('/api/things', { config: { access: 'user' } }, handler)
 *
 *   'public'  anyone (login, health, static files)
 *   'user'    a signed-in, active user of any role; `request.auth` is set
 *   'owner'   a signed-in owner; agents get 403
 *   'webhook' Meta's callbacks: no bearer token, the route checks its own signature
 *
 * A route without a declaration stops the app at start (onRoute throws). The route table with each route's
 * access is kept for the role matrix (listRouteAccess).
 */
import { ERROR_TEXTS } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRole } from '../modules/users/schema';
import { API_DOCS_PREFIX } from './api-reference';
import { forbidden, unauthorized } from './errors';

export const ROUTE_ACCESS = ['public', 'user', 'owner', 'webhook'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

export interface AuthContext {
  userId: string;
  accountId: string;
  role: UserRole;
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set on 'user' and 'owner' routes (null elsewhere). */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every registered route with its declared access, for the role matrix. */
    listRouteAccess(): RouteAccessEntry[];
  }
}

/** Turns a bearer token into the caller, refusing unknown, suspended, deleted or outdated sessions (401). */
export type Authenticator = (token: string) => Promise<AuthContext>;

/** Routes plugins register for themselves, which cannot carry our config. */
function pluginRouteAccess(method: string, url: string): RouteAccess | undefined {
  // @fastify/cors answers preflights in a hook; its catch-all OPTIONS route only lets them reach it.
  if (method === 'OPTIONS' && url === '*') return 'public';
  // The API reference page and its files (@fastify/swagger-ui): the route list is no secret (docs/api.md).
  if (url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`)) return 'public';
  return undefined;
}

export function installAccessControl(app: FastifyInstance, authenticate: Authenticator): void {
  const table: RouteAccessEntry[] = [];

  app.decorate('listRouteAccess', () => table.map((entry) => ({ ...entry })));
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    route.config = route.config ?? {};
    for (const method of methods) {
      const access = route.config.access ?? pluginRouteAccess(method, route.url);
      if (!access || !ROUTE_ACCESS.includes(access)) {
        throw new Error(
          `Route ${method} ${route.url} has no access declaration: add config: { access: 'public' | 'user' | 'owner' | 'webhook' }`,
        );
      }
      route.config.access = access;
      table.push({ method, url: route.url, access });
    }
  });

  // preParsing: after every onRequest hook (helmet's and CORS's headers are on the reply, so a 401/403 carries
  // them too) and before the body is read (an unauthenticated caller's body is never parsed).
  app.addHook('preParsing', async (request) => {
    const access = request.routeOptions.config.access;
    if (access !== 'user' && access !== 'owner') return;
    const auth = await authenticate(bearerToken(request));
    request.auth = auth;
    if (access === 'owner' && auth.role !== 'owner') throw forbidden(ERROR_TEXTS.owner_only);
  });
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized('Authentication required: send Authorization: Bearer <token>');
  return match[1];
}

/** For handlers on 'user'/'owner' routes: the caller, guaranteed present by the access hook. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Authentication required');
  return request.auth;
}
