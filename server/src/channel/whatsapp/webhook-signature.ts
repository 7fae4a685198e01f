import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<lower-case hex HMAC-SHA256>` of the exact bytes, as Meta sends in `X-Hub-Signature-256`. */
export function signWebhookBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Checks `X-Hub-Signature-256` over the raw request bytes (never a re-serialised JSON: Meta escapes non-ASCII as
 * \uXXXX before signing). Constant-time; false for a missing, malformed or wrong signature.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !appSecret) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(value.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
