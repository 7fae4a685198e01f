import { createMediaLinkSigner } from './media-links';

const ID = '3f2b6c1e-8d7a-4b5c-9e0f-1a2b3c4d5e6f';

function parts(url: string) {
  const parsed = new URL(url, 'http://x');
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? undefined,
    signature: parsed.searchParams.get('signature') ?? undefined,
  };
}

describe('signed media links', () => {
  const signer = createMediaLinkSigner('a-test-secret');
  const now = new Date('2026-03-01T12:10:00Z');

  it('accepts its own link until it expires', () => {
    const link = parts(signer.url(ID, now));
    expect(link.path).toBe(`/api/files/messages/${ID}`);
    expect(signer.verify(ID, link.expires, link.signature, now)).toBe(true);
    expect(signer.verify(ID, link.expires, link.signature, new Date(now.getTime() + 3600_000))).toBe(true);
    expect(signer.verify(ID, link.expires, link.signature, new Date(now.getTime() + 2 * 3600_000))).toBe(false);
  });

  it('gives the same link within a 30-minute step', () => {
    expect(signer.url(ID, now)).toBe(signer.url(ID, new Date(now.getTime() + 60_000)));
  });

  it('refuses links for another message, another key, or with a changed expiry', () => {
    const link = parts(signer.url(ID, now));
    expect(signer.verify('00000000-0000-4000-8000-000000000000', link.expires, link.signature, now)).toBe(false);
    expect(createMediaLinkSigner('other').verify(ID, link.expires, link.signature, now)).toBe(false);
    expect(signer.verify(ID, String(Number(link.expires) + 1800), link.signature, now)).toBe(false);
    expect(signer.verify(ID, undefined, undefined, now)).toBe(false);
  });
});
