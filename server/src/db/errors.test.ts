import { isTransientDbError, isUniqueViolation, retryTransient } from './errors';

/** As Drizzle throws them: its own error with pg's (or PGlite's) in `cause`. */
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('database errors', () => {
  it('recognises codes directly and inside Drizzle’s wrapper', () => {
    expect(isUniqueViolation(wrapped('23505'))).toBe(true);
    expect(isTransientDbError(wrapped('40P01'))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error('x'), { code: '40001' }))).toBe(true);
    expect(isTransientDbError(wrapped('23505'))).toBe(false);
    expect(isTransientDbError(new Error('connection refused'))).toBe(false);
  });

  it('runs a deadlocked transaction again until it commits', async () => {
    let calls = 0;
    const result = await retryTransient(async () => {
      calls += 1;
      if (calls < 3) throw wrapped('40P01');
      return 'committed';
    });
    expect({ result, calls }).toEqual({ result: 'committed', calls: 3 });
  });

  it('gives up after the attempts, and never repeats other errors', async () => {
    let deadlocks = 0;
    await expect(
      retryTransient(async () => {
        deadlocks += 1;
        throw wrapped('40P01');
      }, 3),
    ).rejects.toThrow('Failed query');
    expect(deadlocks).toBe(3);
    let others = 0;
    await expect(
      retryTransient(async () => {
        others += 1;
        throw wrapped('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(others).toBe(1);
  });
});
