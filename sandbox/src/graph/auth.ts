import type { FastifyRequest } from 'fastify';
import type { SandboxState, TokenGrant } from '../state';
import { graphErrors } from './graph-error';

/**
 * Graph accepts the token as a Bearer header or an access_token query parameter. Unknown → 190 (HTTP 401);
 * expired → 190 with subcode 463 (Graph API "Handling Errors": access token errors).
 */
export function requireGrant(state: SandboxState, request: FastifyRequest): TokenGrant {
  const header = request.headers.authorization;
  const query = request.query as Record<string, string | undefined>;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : query?.access_token;
  const grant = token ? state.tokens.get(token) : undefined;
  if (!grant) throw graphErrors.invalidToken();
  if (grant.expiredAt !== undefined) throw graphErrors.sessionExpired(grant.expiredAt);
  return grant;
}
