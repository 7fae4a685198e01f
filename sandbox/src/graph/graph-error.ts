import { newFbTraceId } from '../ids';

/** A Graph API error answer in Meta's exact shape: `{ error: { message, type, code, error_data?, fbtrace_id } }`. */
export class GraphFailure extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return {
      error: {
        message: this.message,
        type: 'OAuthException',
        code: this.code,
        ...(this.details !== undefined ? { error_data: { messaging_product: 'whatsapp', details: this.details } } : {}),
        ...this.extra,
        fbtrace_id: newFbTraceId(),
      },
    };
  }
}

export const graphErrors = {
  invalidToken: () => new GraphFailure(401, 190, 'Invalid OAuth access token - Cannot parse access token'),
  expiredToken: () =>
    new GraphFailure(
      401,
      190,
      'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
      undefined,
      {
        error_subcode: 460,
      },
    ),
  sessionExpired: (expiredAt: number) =>
    new GraphFailure(
      401,
      190,
      `Error validating access token: Session has expired on ${new Date(expiredAt).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
      undefined,
      { error_subcode: 463 },
    ),
  unknownObject: (id: string) =>
    new GraphFailure(
      400,
      100,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      undefined,
      { error_subcode: 33 },
    ),
  unknownPath: (path: string) => new GraphFailure(400, 2500, `Unknown path components: ${path}`),
  invalidParameter: (details: string) => new GraphFailure(400, 100, '(#100) Invalid parameter', details),
  paramRequired: (name: string) => new GraphFailure(400, 100, `(#100) The parameter ${name} is required.`),
  missingParameter: (details: string) =>
    new GraphFailure(400, 131008, '(#131008) Required parameter is missing', details),
  invalidValue: (details: string) => new GraphFailure(400, 131009, '(#131009) Parameter value is not valid', details),
  templateMissing: (name: string, language: string) =>
    new GraphFailure(
      404,
      132001,
      '(#132001) Template name does not exist in the translation',
      `template name (${name}) does not exist in ${language}`,
    ),
  templateParams: (details: string) =>
    new GraphFailure(
      400,
      132000,
      '(#132000) Number of parameters does not match the expected number of params',
      details,
    ),
  notRegistered: () => new GraphFailure(400, 133010, '(#133010) Account not registered', 'Account not registered'),
  mediaUpload: (details: string) => new GraphFailure(400, 131053, '(#131053) Media upload error', details),
  throughput: () =>
    new GraphFailure(429, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.'),
  pairRate: () =>
    new GraphFailure(
      429,
      131056,
      '(#131056) (Business Account, Consumer Account) pair rate limit hit',
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
    ),
  serverError: () => new GraphFailure(500, 131000, '(#131000) Something went wrong', 'Something went wrong'),
};

/** Errors carried by a `failed` status webhook (asynchronous failures). */
export const statusErrors = {
  131047: {
    code: 131047,
    title: 'Re-engagement message',
    message: 'Re-engagement message',
    error_data: {
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  },
  131026: {
    code: 131026,
    title: 'Message undeliverable',
    message: 'Message undeliverable',
    error_data: { details: 'Message Undeliverable.' },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  },
} as const;
