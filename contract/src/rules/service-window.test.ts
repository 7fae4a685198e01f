import { canSendFreeForm, isFreeForm, SERVICE_WINDOW_MS } from './service-window';

describe('24-hour window', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('is open when the customer wrote less than 24 hours ago', () => {
    expect(canSendFreeForm(new Date(now.getTime() - 60_000), now)).toBe(true);
    expect(canSendFreeForm(new Date(now.getTime() - SERVICE_WINDOW_MS + 1), now)).toBe(true);
  });

  it('is closed from 24 hours on, and when the customer never wrote', () => {
    expect(canSendFreeForm(new Date(now.getTime() - SERVICE_WINDOW_MS), now)).toBe(false);
    expect(canSendFreeForm(new Date(now.getTime() - 3 * SERVICE_WINDOW_MS), now)).toBe(false);
    expect(canSendFreeForm(null, now)).toBe(false);
  });

  it('applies to everything but templates', () => {
    expect(isFreeForm('text')).toBe(true);
    expect(isFreeForm('interactive')).toBe(true);
    expect(isFreeForm('template')).toBe(false);
  });
});
