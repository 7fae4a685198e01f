/**
 * Errors a route may throw on purpose. The error handler answers `status` with `{ message, ...extra }`;
 * anything else thrown becomes a logged 500 `{ message: 'Internal server error' }` that leaks nothing.
 */
export class HttpError extends Error {
  /** Fastify and plugins read `statusCode`; we keep both names in step. */
  readonly statusCode: number;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = status;
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A request that fails validation: 400 `{ message, errors: { field: message } }`. */
export class ValidationError extends HttpError {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(400, message, { errors });
    this.name = 'ValidationError';
  }
}
