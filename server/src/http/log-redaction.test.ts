import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it.each([
    [
      '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42',
      '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    ],
    [
      '/api/files/messages/abc?expires=1700000000&signature=ffee',
      '/api/files/messages/abc?expires=1700000000&signature=[redacted]',
    ],
    ['/api/files/assets/AbCdEf_123/thumbnail', '/api/files/assets/[redacted]/thumbnail'],
    ['/api/files/flow-previews/XyZ', '/api/files/flow-previews/[redacted]'],
    ['/api/conversations?q=ana&limit=5', '/api/conversations?q=ana&limit=5'],
    ['/x?hub%2Everify_token=s3cret', '/x?hub%2Everify_token=[redacted]'],
    ['/plain', '/plain'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
