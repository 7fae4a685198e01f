import { pickLanguage, type Language } from '@parley/contract';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/** The language of the browser that sent the request (its Accept-Language, best first), as the screens pick it. */
export const browserLanguage = (request: FastifyRequest): Language =>
  pickLanguage(new Negotiator({ headers: request.headers }).languages());
