import { createHmac } from 'node:crypto';
import { signatureHeader, toMetaJson } from './meta-json';

describe('toMetaJson', () => {
  it('escapes every non-ASCII character as lower-case \\uXXXX, emoji as surrogate pairs', () => {
    expect(toMetaJson({ name: 'Zoë', text: 'Olá 👋 ÄÖ' })).toBe(
      '{"name":"Zo\\u00eb","text":"Ol\\u00e1 \\ud83d\\udc4b \\u00c4\\u00d6"}',
    );
  });

  it('writes slashes as \\/ when asked, like Meta, and the result parses back to the same value', () => {
    const value = { url: 'https://example.com/a/b', text: 'ß' };
    const json = toMetaJson(value, { escapeSlashes: true });
    expect(json).toContain('https:\\/\\/example.com\\/a\\/b');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('signatureHeader', () => {
  it('is sha256= and the lower-case hex HMAC of the exact bytes', () => {
    const body = toMetaJson({ text: 'héllo' });
    const expected = createHmac('sha256', 'secret').update(Buffer.from(body, 'utf8')).digest('hex');
    expect(signatureHeader(body, 'secret')).toBe(`sha256=${expected}`);
    expect(signatureHeader(JSON.stringify({ text: 'héllo' }), 'secret')).not.toBe(`sha256=${expected}`);
  });
});
