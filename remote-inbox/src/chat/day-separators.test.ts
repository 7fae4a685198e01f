import { aMessage } from '../test-support/fixtures';
import { daySeparatorAt, dayLabel } from './day-separators';

// Local times, so the test reads the same in every time zone.
const local = (day: number, hour: number, month = 10, year = 2026) => new Date(year, month, day, hour).toISOString();
const now = new Date(2026, 10, 23, 12);

describe('dayLabel', () => {
  it('says Today and Yesterday by the calendar day, not by 24 hours', () => {
    expect(dayLabel(local(23, 0), now)).toBe('Today');
    expect(dayLabel(local(22, 23), now)).toBe('Yesterday');
    expect(dayLabel(local(22, 0), now)).toBe('Yesterday');
    expect(dayLabel(local(31, 23, 11, 2025), new Date(2026, 0, 1, 8))).toBe('Yesterday');
  });

  it("names older days by date in the browser's locale, with the year only for another year", () => {
    const sameYear = dayLabel(local(20, 9), now);
    expect(sameYear).toBe(
      new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(
        new Date(2026, 10, 20),
      ),
    );
    expect(sameYear).not.toContain('2026');
    expect(dayLabel(local(20, 9, 10, 2025), now)).toContain('2025');
  });
});

describe('daySeparatorAt', () => {
  it('puts a separator above the first message of each day only', () => {
    const messages = [local(21, 9), local(21, 18), local(23, 8), local(23, 9)].map((timestamp) =>
      aMessage({ timestamp }),
    );
    expect(messages.map((_, index) => daySeparatorAt(messages, index, now))).toEqual([
      dayLabel(local(21, 9), now),
      undefined,
      'Today',
      undefined,
    ]);
  });
});
