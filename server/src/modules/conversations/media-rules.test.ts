import { checkWhatsAppMedia, isAnimatedWebp, mediaKindOf } from './media-rules';

const MB = 1024 * 1024;

describe('WhatsApp media rules', () => {
  it('sends each accepted type as its kind', () => {
    expect(mediaKindOf('image/jpeg')).toBe('image');
    expect(mediaKindOf('video/3gpp')).toBe('video');
    expect(mediaKindOf('audio/ogg; codecs=opus')).toBe('audio');
    expect(mediaKindOf('application/pdf')).toBe('document');
    expect(mediaKindOf('image/webp')).toBe('sticker');
    expect(mediaKindOf('image/gif')).toBeNull();
  });

  it('enforces the per-kind size limit with a 413 naming the limit', () => {
    expect(checkWhatsAppMedia({ mimeType: 'image/png', size: 5 * MB, fileName: 'a.png' })).toEqual({
      ok: true,
      kind: 'image',
    });
    const tooBig = checkWhatsAppMedia({ mimeType: 'image/png', size: 5 * MB + 1, fileName: 'a.png' });
    expect(tooBig).toEqual({
      ok: false,
      status: 413,
      message: '“a.png” is too large for WhatsApp: images can be at most 5 MB.',
    });
    expect(checkWhatsAppMedia({ mimeType: 'video/mp4', size: 17 * MB, fileName: 'v.mp4' })).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(checkWhatsAppMedia({ mimeType: 'application/pdf', size: 20 * MB, fileName: 'd.pdf' })).toEqual({
      ok: true,
      kind: 'document',
    });
  });

  it('lets animated stickers be bigger than static ones', () => {
    expect(checkWhatsAppMedia({ mimeType: 'image/webp', size: 200 * 1024, fileName: 's.webp' })).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(
      checkWhatsAppMedia({ mimeType: 'image/webp', size: 200 * 1024, fileName: 's.webp', animated: true }),
    ).toEqual({ ok: true, kind: 'sticker' });
  });

  it('refuses types WhatsApp does not carry with a 415 listing what it accepts', () => {
    const verdict = checkWhatsAppMedia({ mimeType: 'image/gif', size: 10, fileName: 'a.gif' });
    expect(verdict).toMatchObject({ ok: false, status: 415 });
    expect(!verdict.ok && verdict.message).toContain('JPEG and PNG images');
  });

  it('spots animated WebP files', () => {
    const header = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8X'), Buffer.alloc(14), Buffer.from('ANIM')]);
    expect(isAnimatedWebp(header)).toBe(true);
    expect(isAnimatedWebp(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe(false);
  });
});
