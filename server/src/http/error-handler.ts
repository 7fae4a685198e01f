/**
 * One answer shape for every failure: `{ message, code }` (+ `errors` for validation). A client's mistake is a 4xx
 * with a readable message; an unexpected error is logged and answered as a bare 500. `code` is stable: the browser
 * shows its own language's text for it (@parley/contract's ERROR_TEXTS, docs/api.md#errors).
 */
import { errorCodeOf } from '@parley/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { HttpError, ValidationError } from './errors';
import { toValidationError } from './validation';

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty but content-type is 'application/json'",
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
};

/**
 * What the multipart parser (busboy) throws, as plain errors, for a malformed upload: no or empty boundary, a
 * boundary too long, a body cut short. A client's mistake, not ours.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot/,
  /unexpected end of multipart data$/i,
];
export const MALFORMED_MULTIPART_MESSAGE = 'The upload is not valid multipart/form-data';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ZodError) error = toValidationError(error);
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      // Routes whose screens show `description` get a refused input's text there too (api-reference.ts).
      const described = error instanceof ValidationError && request.routeOptions.config?.describedRefusals;
      const code =
        error instanceof ValidationError && errorCodeOf(error.message, 400) === 'bad_request'
          ? 'invalid_body'
          : errorCodeOf(error.message, error.status);
      return reply.status(error.status).send({
        message: error.message,
        code,
        ...error.extra,
        ...(described ? { description: error.message } : {}),
      });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (
      status === 500 &&
      /^multipart\//i.test(request.headers['content-type'] ?? '') &&
      MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message))
    ) {
      return reply.status(400).send({ message: MALFORMED_MULTIPART_MESSAGE, code: 'bad_request' });
    }
    if (status >= 400 && status < 500) {
      const message =
        (fastifyError.code && FASTIFY_CLIENT_ERRORS[fastifyError.code]) ||
        (error instanceof SyntaxError ? 'Request body is not valid JSON' : error.message) ||
        'Bad request';
      return reply.status(status).send({ message, code: errorCodeOf(message, status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error', code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
  });
}
