import { $browserLanguages, languageReady, RESPONSE_TIME_BUCKETS } from '@parley/shared';
import { bucketLabel, formatDuration, lastSevenDays, toCsv } from './report-format';

describe('report formats', () => {
  it('writes a CSV a spreadsheet opens: quoted commas and quotes, CRLF lines', () => {
    expect(toCsv(['Staff member', 'First responses'], [['Smith, "Jo"', 3]])).toBe(
      'Staff member,First responses\r\n"Smith, ""Jo""",3\r\n',
    );
  });

  it('writes durations in the largest units that read naturally', () => {
    expect([null, 45, 180, 3600, 3_660, 90_000].map((seconds) => formatDuration(seconds))).toEqual([
      '—',
      '45 s',
      '3 min',
      '1 h',
      '1 h 1 min',
      '1 d 1 h',
    ]);
  });

  describe('in the language shown', () => {
    afterEach(async () => {
      $browserLanguages.set(['en']);
      await languageReady();
    });

    it('names every response-time bucket, the contract’s English names in English', async () => {
      const english = RESPONSE_TIME_BUCKETS.map((bucket, index) => bucketLabel(index, bucket.label));
      expect(english).toEqual(RESPONSE_TIME_BUCKETS.map((bucket) => bucket.label));
      $browserLanguages.set(['pt-BR']);
      await languageReady();
      const portuguese = RESPONSE_TIME_BUCKETS.map((bucket, index) => bucketLabel(index, bucket.label));
      expect([portuguese[0], portuguese.at(-1)]).toEqual(['Menos de 1 min', 'Mais de 24 h']);
      // A bucket a newer server added keeps the name it came with.
      expect(bucketLabel(7, 'Over 1 week')).toBe('Over 1 week');
      expect(bucketLabel(0, 'Under 30 s')).toBe('Under 30 s');
    });

    it('groups the digits of long durations as the locale does', async () => {
      $browserLanguages.set(['es-ES']);
      await languageReady();
      expect(formatDuration(1234 * 86_400 + 3600)).toBe('1234 d 1 h');
      $browserLanguages.set(['en-US']);
      await languageReady();
      expect(formatDuration(1234 * 86_400)).toBe('1,234 d');
    });
  });

  it('defaults to the last 7 days, today included, across a month end', () => {
    expect(lastSevenDays(new Date(2026, 2, 3, 10))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });
});
