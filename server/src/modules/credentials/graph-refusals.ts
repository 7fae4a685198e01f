/**
 * Graph API failures during onboarding, as answers the owner can act on. Never a 401 (the browser would take
 * it for its own session ending) and never Meta's raw answer beyond its error title.
 */
import { ERROR_TEXTS } from '@parley/contract';
import { GraphError } from '../../channel/whatsapp/graph-error';
import { HttpError } from '../../http/errors';

export const GRAPH_UNREACHABLE = ERROR_TEXTS.whatsapp_unreachable;

// Meta's error codes (whatsapp-cloud-api.md §2 table) and the oauth code subcodes.
const INVALID_TOKEN = 190;
const UNKNOWN_OBJECT = 100;
const UNKNOWN_OBJECT_SUBCODE = 33;
const CODE_EXPIRED = 36007;
const CODE_INVALID = 36008;
const CODE_USED = 36009;
const RATE_LIMITS = new Set([4, 80007, 130429]);

const isPermissionCode = (code: number | null) => code === 10 || (code !== null && code >= 200 && code <= 299);

/** What the failed call was about, for the messages. */
export interface GraphCallContext {
  /** e.g. "WhatsApp Business Account 123" — what the token could not see when Meta says "unknown object". */
  object?: string;
}

export function graphRefusal(error: unknown, context: GraphCallContext = {}): HttpError {
  if (!(error instanceof GraphError)) throw error;
  if (error.code !== null && RATE_LIMITS.has(error.code)) {
    return new HttpError(429, ERROR_TEXTS.whatsapp_rate_limited);
  }
  if (error.httpStatus === null || error.httpStatus >= 500 || error.kind !== 'permanent')
    return new HttpError(502, GRAPH_UNREACHABLE);
  if (error.code === INVALID_TOKEN || error.httpStatus === 401) {
    return new HttpError(422, `WhatsApp refused the token: ${error.title}`);
  }
  if (isPermissionCode(error.code)) {
    return new HttpError(422, `The token lacks a WhatsApp permission: ${error.title}`);
  }
  if (error.code === UNKNOWN_OBJECT && error.extra.subcode === UNKNOWN_OBJECT_SUBCODE && context.object) {
    return new HttpError(422, `The token cannot access ${context.object}, or it does not exist.`);
  }
  return new HttpError(422, `WhatsApp refused the request: ${error.title}`);
}

/** A refused `/oauth/access_token` exchange of the embedded sign-up's code. */
export function codeRefusal(error: unknown): HttpError {
  if (!(error instanceof GraphError)) throw error;
  switch (error.extra.subcode) {
    case CODE_EXPIRED:
      return new HttpError(422, ERROR_TEXTS.signup_code_expired);
    case CODE_USED:
      return new HttpError(422, ERROR_TEXTS.signup_code_used);
    case CODE_INVALID:
      return new HttpError(422, ERROR_TEXTS.signup_code_invalid);
    default:
      return graphRefusal(error);
  }
}
