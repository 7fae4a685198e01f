import { createHmac } from 'node:crypto';
import { inboundWebhook, serialiseLikeMeta } from '../../../test/fixtures/whatsapp';
import { signWebhookBody, verifyWebhookSignature } from './webhook-signature';

const secret = 'app-secret';
const body = Buffer.from(serialiseLikeMeta(inboundWebhook('text')));
const good = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('verifyWebhookSignature', () => {
  it('accepts the HMAC of the exact raw bytes (non-ASCII escaped as Meta sends)', () => {
    expect(body.toString()).toContain('\\u00fc');
    expect(verifyWebhookSignature(body, good, secret)).toBe(true);
    expect(verifyWebhookSignature(body.toString('utf8'), good, secret)).toBe(true);
    expect(signWebhookBody(body, secret)).toBe(good);
  });

  it('accepts upper-case hex and a header given as an array', () => {
    expect(verifyWebhookSignature(body, `sha256=${good.slice('sha256='.length).toUpperCase()}`, secret)).toBe(true);
    expect(verifyWebhookSignature(body, [good], secret)).toBe(true);
  });

  it('refuses a re-serialised body (UTF-8 literals instead of escapes)', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString())));
    expect(reserialised.equals(body)).toBe(false);
    expect(verifyWebhookSignature(reserialised, good, secret)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no prefix', good.slice('sha256='.length)],
    ['sha1', good.replace('sha256=', 'sha1=')],
    ['too short', good.slice(0, -2)],
    ['wrong secret', signWebhookBody(body, 'other')],
  ])('refuses a %s signature', (_label, header) => {
    expect(verifyWebhookSignature(body, header, secret)).toBe(false);
  });

  it('refuses when no app secret is configured', () => {
    expect(verifyWebhookSignature(body, signWebhookBody(body, ''), '')).toBe(false);
  });
});
