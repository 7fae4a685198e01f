import { capStrings, capText, CUT_MARKER, MAX_INBOUND_TEXT_BYTES } from './stored-text';

describe('capText', () => {
  it('keeps text up to 64 KiB as it is', () => {
    const text = 'a'.repeat(MAX_INBOUND_TEXT_BYTES);
    expect(capText(text)).toBe(text);
  });

  it('cuts longer text to 64 KiB with a marker, never inside a character', () => {
    const cut = capText('🙂'.repeat(40_000));
    expect(cut.endsWith(CUT_MARKER)).toBe(true);
    expect(Buffer.byteLength(cut, 'utf8')).toBeLessThanOrEqual(MAX_INBOUND_TEXT_BYTES);
    expect(cut.slice(0, -CUT_MARKER.length)).toMatch(/^(🙂)+$/u);
  });

  it('caps nested strings of a value', () => {
    const capped = capStrings({ a: ['x'.repeat(70_000)], n: 1 });
    expect(capped.a[0].endsWith(CUT_MARKER)).toBe(true);
    expect(capped.n).toBe(1);
  });
});
