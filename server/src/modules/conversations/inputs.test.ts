import { dateRange } from './inputs';

describe('conversation list date range', () => {
  it('takes a date-only `to` as the whole day', () => {
    expect(dateRange('2026-01-02', '2026-01-03')).toEqual({
      from: new Date('2026-01-02T00:00:00.000Z'),
      toExclusive: new Date('2026-01-04T00:00:00.000Z'),
    });
  });

  it('takes the last day of the calendar as no upper bound (a day later is not a date the database stores)', () => {
    expect(dateRange(undefined, '9999-12-31')).toEqual({});
    expect(dateRange(undefined, '9999-12-31T23:59:59.999Z')).toEqual({});
    expect(dateRange(undefined, '9999-12-30')).toEqual({ toExclusive: new Date('9999-12-31T00:00:00.000Z') });
  });

  it('refuses dates outside the calendar with a message', () => {
    expect(() => dateRange('+010000-01-01', undefined)).toThrow('From must be a date');
    expect(() => dateRange(undefined, 'yesterday')).toThrow('To must be a date');
  });
});
