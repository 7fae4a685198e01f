/**
 * Browsers load message files with <img>/<video>, which cannot send our bearer header, so answers carry a signed,
 * short-lived link instead: `/api/files/messages/{id}?expires=<unix s>&signature=<hmac>`. Expiry is rounded up
 * to a 30-minute step so every answer within a step gives the same URL (the browser cache keeps working), and
 * the link lives between 1 and 1.5 hours. The key is derived from the JWT secret: nothing new to configure.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const LIFETIME_S = 3600;
const STEP_S = 1800;

export interface MediaLinkSigner {
  url(messageId: string, now?: Date): string;
  verify(messageId: string, expires: string | undefined, signature: string | undefined, now?: Date): boolean;
}

export function createMediaLinkSigner(secret: string): MediaLinkSigner {
  const key = createHmac('sha256', secret).update('parley:message-media-links').digest();
  const sign = (messageId: string, expires: number) =>
    createHmac('sha256', key).update(`${messageId}:${expires}`).digest('hex');
  return {
    url(messageId, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000) + LIFETIME_S;
      const expires = Math.ceil(seconds / STEP_S) * STEP_S;
      return `/api/files/messages/${messageId}?expires=${expires}&signature=${sign(messageId, expires)}`;
    },
    verify(messageId, expires, signature, now = new Date()) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
      const expiresAt = Number(expires);
      if (expiresAt * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(messageId, expiresAt), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}
