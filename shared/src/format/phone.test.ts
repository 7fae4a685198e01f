import { formatPhone, phoneFormatReady } from './phone';

describe('formatPhone', () => {
  it('shows a phone as stored, with its plus, until the formats have arrived (they are fetched on first use)', async () => {
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./phone');
      expect(fresh.formatPhone('15559300067')).toBe('+15559300067');
      await fresh.phoneFormatReady();
      expect(fresh.formatPhone('15559300067')).toBe('+1 555-930-0067');
    });
  });

  beforeAll(() => phoneFormatReady());

  it('sets the country code apart and joins the national groups with hyphens', () => {
    expect(formatPhone('+15559300067')).toBe('+1 555-930-0067');
    expect(formatPhone('+442071838750')).toBe('+44 20-7183-8750');
    expect(formatPhone('+5511987654321')).toBe('+55 11-98765-4321');
  });

  it('reads a phone stored as digits without its plus the same way', () => {
    expect(formatPhone('15559300067')).toBe('+1 555-930-0067');
  });

  it('keeps what is not a phone number as it was written', () => {
    expect(formatPhone('+1')).toBe('+1');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});
