import { formatTimestamp } from './timestamp';

describe('formatTimestamp', () => {
  const now = new Date(2024, 4, 10, 15, 0);
  it('shows only the time for today, and more the further back it goes', () => {
    const today = formatTimestamp(new Date(2024, 4, 10, 9, 5).toISOString(), now);
    const thisYear = formatTimestamp(new Date(2024, 1, 3, 9, 5).toISOString(), now);
    const lastYear = formatTimestamp(new Date(2023, 1, 3, 9, 5).toISOString(), now);
    expect(today).toMatch(/09.05/);
    expect(thisYear.length).toBeGreaterThan(today.length);
    expect(lastYear).toContain('2023');
    expect(thisYear).not.toContain('2024');
  });
  it('shows nothing for a broken date', () => {
    expect(formatTimestamp('not a date', now)).toBe('');
  });
});
