/**
 * How a failed Graph call may be handled:
 * - retryable: it certainly did not take effect (rate limits, connection refused) — retry with backoff;
 * - ambiguous: it may have reached Meta (time-out, 5xx) — never re-send silently, surface it;
 * - permanent: Meta refused it for good (token, window, validation, policy).
 */
export type GraphErrorKind = 'retryable' | 'ambiguous' | 'permanent';

export class GraphError extends Error {
  override readonly name = 'GraphError';

  constructor(
    readonly httpStatus: number | null,
    readonly code: number | null,
    readonly title: string,
    readonly details: string | undefined,
    readonly kind: GraphErrorKind,
    readonly extra: { subcode?: number; fbtraceId?: string; retryAfterSeconds?: number } = {},
  ) {
    super(code !== null ? `(#${code}) ${title}${details ? `: ${details}` : ''}` : title);
  }
}

// App/WABA call limits, throughput, pair rate, throughput upgrade in progress.
export const RETRYABLE_CODES: ReadonlySet<number> = new Set([4, 80007, 130429, 131056, 131057]);
const refusedBeforeSending = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const closedByTheOtherSide = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** A fetch that failed because the other side closed the connection before any answer came. */
export const closedBeforeAnswer = (error: unknown) =>
  closedByTheOtherSide.has(String((error as { cause?: { code?: string } }).cause?.code));

/**
 * Classifies a Graph error answer by Meta's numeric code first (some integrations see rate limits as HTTP 400),
 * then the HTTP status. Everything else — 190 token, 131047 window, 131026 undeliverable, 100 and 1310xx
 * validation, 132xxx templates, 133010 unregistered, 368 policy — is permanent.
 */
export function classifyGraphAnswer(httpStatus: number, code: number | null): GraphErrorKind {
  if (code !== null && RETRYABLE_CODES.has(code)) return 'retryable';
  if (httpStatus === 429) return 'retryable';
  if (httpStatus >= 500) return 'ambiguous';
  return 'permanent';
}

/** A fetch that threw: refused connections never reached Meta; time-outs and resets may have. */
export function graphErrorFromFailure(error: unknown): GraphError {
  const failure = error as { name?: string; message?: string; cause?: { code?: string; name?: string } };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError')
    return new GraphError(null, null, 'Graph API request timed out', undefined, 'ambiguous');
  const causeCode = failure.cause?.code;
  if (causeCode && refusedBeforeSending.has(causeCode))
    return new GraphError(null, null, `Graph API unreachable (${causeCode})`, undefined, 'retryable');
  return new GraphError(
    null,
    null,
    `Graph API connection failed${causeCode ? ` (${causeCode})` : ''}`,
    failure.message,
    'ambiguous',
  );
}

/** Builds a GraphError from a non-2xx answer (Meta's `{ error: {...} }` body or anything else). */
export function graphErrorFromAnswer(httpStatus: number, body: unknown, retryAfter?: string | null): GraphError {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${httpStatus}`;
  const title = message.replace(/^\(#\d+\)\s*/, '');
  const errorData = error?.error_data as { details?: unknown } | undefined;
  const details = typeof errorData?.details === 'string' ? errorData.details : undefined;
  const retryAfterSeconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  return new GraphError(httpStatus, code, title, details, classifyGraphAnswer(httpStatus, code), {
    ...(typeof error?.error_subcode === 'number' ? { subcode: error.error_subcode } : {}),
    ...(typeof error?.fbtrace_id === 'string' ? { fbtraceId: error.fbtrace_id } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });
}
