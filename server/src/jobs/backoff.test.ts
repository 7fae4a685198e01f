import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles with each attempt and stays within half and all of the step', () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(backoffDelay(3, 1000, 60_000, () => 0)).toBe(2000);
  });

  it('never waits longer than the cap', () => {
    expect(backoffDelay(30, 1000, 60_000, () => 1)).toBe(60_000);
  });
});
