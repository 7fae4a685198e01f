import { MemoryRateLimitStore, RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  const rule = { name: 'login', max: 3, windowMs: 60_000, message: 'Slow down' };

  it('allows max attempts per key in a window, then answers 429 with Retry-After', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(), rule);
    for (let i = 0; i < 3; i += 1) await limiter.consume('1.2.3.4:a@b.c');
    const error = await limiter.consume('1.2.3.4:a@b.c').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, message: 'Slow down' });
    expect(Number((error as { headers: Record<string, string> }).headers['retry-after'])).toBeGreaterThan(0);
    await expect(limiter.consume('1.2.3.4:other@b.c')).resolves.toBeUndefined();
  });

  it('starts counting afresh in the next window', async () => {
    jest.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    try {
      const limiter = new RateLimiter(new MemoryRateLimitStore(), rule);
      for (let i = 0; i < 3; i += 1) await limiter.consume('k');
      await expect(limiter.consume('k')).rejects.toMatchObject({ status: 429 });
      jest.setSystemTime(new Date('2025-01-01T00:01:00.001Z'));
      await expect(limiter.consume('k')).resolves.toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps rules with different names apart in one store', async () => {
    const store = new MemoryRateLimitStore();
    const a = new RateLimiter(store, { ...rule, name: 'a', max: 1 });
    const b = new RateLimiter(store, { ...rule, name: 'b', max: 1 });
    await a.consume('k');
    await expect(b.consume('k')).resolves.toBeUndefined();
    await expect(a.consume('k')).rejects.toMatchObject({ status: 429 });
  });
});
