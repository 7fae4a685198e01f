import { formatDuration, lastSevenDays, toCsv } from './report-format';

describe('report formats', () => {
  it('writes a CSV a spreadsheet opens: quoted commas and quotes, CRLF lines', () => {
    expect(toCsv(['Staff member', 'First responses'], [['Smith, "Jo"', 3]])).toBe(
      'Staff member,First responses\r\n"Smith, ""Jo""",3\r\n',
    );
  });

  it('writes durations in the largest units that read naturally', () => {
    expect([null, 45, 180, 3600, 3_660, 90_000].map(formatDuration)).toEqual([
      '—',
      '45 s',
      '3 min',
      '1 h',
      '1 h 1 min',
      '1 d 1 h',
    ]);
  });

  it('defaults to the last 7 days, today included, across a month end', () => {
    expect(lastSevenDays(new Date(2026, 2, 3, 10))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });
});
