/**
 * Fixed-window rate limiting behind a small store interface: in memory now, Redis can implement
 * RateLimitStore later (INCR + PEXPIRE) so several processes share the counts.
 */
import { HttpError } from './errors';

export interface RateLimitStore {
  /** Counts one hit for `key` in the current window; returns the count so far and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    if (this.windows.size > 10_000) this.prune(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ...window };
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

export interface RateLimitRule {
  /** Namespace of the counted action, e.g. 'login'. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rule: RateLimitRule,
  ) {}

  /** Counts one attempt for `key`; throws 429 once more than `max` happened in the window. */
  async consume(key: string): Promise<void> {
    const { count, resetAt } = await this.store.hit(`${this.rule.name}:${key}`, this.rule.windowMs);
    if (count > this.rule.max) {
      throw new TooManyRequestsError(this.rule.message, Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
    }
  }
}
