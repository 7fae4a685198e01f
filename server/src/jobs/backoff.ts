/**
 * Exponential backoff with "full jitter" halves: attempt 1 waits about `baseMs`, each next one twice as long, never
 * more than `maxMs`. The jitter spreads retries of many jobs that failed together (a rate limit) over time.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}
