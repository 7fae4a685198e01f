/**
 * Rate limits on @fastify/rate-limit: counters in memory (one process) or in Redis (REDIS_URL: every process
 * counts the same attempts, with the plugin's atomic INCR + PEXPIRE script). Routes do not use the plugin's
 * one-limit-per-route hook: a route checks several limits (per IP across accounts, per account across IPs), so
 * each limit is built with `app.createRateLimit` and called in the handler once the body is parsed.
 */
import fastifyRateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from './errors';

/** Counters kept per process when there is no Redis: enough that a flood of keys cannot evict a live one. */
const MEMORY_KEYS = 100_000;

export async function installRateLimits(app: FastifyInstance, redis?: { client: Redis; keyPrefix: string }) {
  await app.register(fastifyRateLimit, {
    global: false,
    cache: MEMORY_KEYS,
    ...(redis ? { redis: redis.client, nameSpace: `${redis.keyPrefix}rate:` } : {}),
  });
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

export interface RateLimitRule {
  /** Names the counted action and what it is counted by, e.g. 'login-ip'; part of every counter's key. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
  /** What is counted: the client's IP, an email… An empty key is not counted. */
  key: (request: FastifyRequest) => string;
}

/** Calling it is `hit`. */
export interface RateLimit {
  (request: FastifyRequest): Promise<void>;
  /** Counts one attempt; throws 429 (with Retry-After) once more than `max` were counted in the window. */
  hit(request: FastifyRequest): Promise<void>;
  /** Counts nothing; throws 429 when `max` attempts were counted already (for limits that count failures only). */
  refuseIfSpent(request: FastifyRequest): Promise<void>;
}

export function defineRateLimit(app: FastifyInstance, rule: RateLimitRule): RateLimit {
  // `cache` sizes this limit's own in-memory store (the plugin's types leave it out of this call's options).
  const options: CreateRateLimitOptions & { cache: number } = {
    max: rule.max,
    timeWindow: rule.windowMs,
    cache: MEMORY_KEYS,
    keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
  };
  const count = app.createRateLimit(options);
  const refuse = (ttlInSeconds: number) => new TooManyRequestsError(rule.message, Math.max(1, ttlInSeconds));
  const hit = async (request: FastifyRequest) => {
    if (!rule.key(request)) return;
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) throw refuse(result.ttlInSeconds);
  };
  const refuseIfSpent = async (request: FastifyRequest) => {
    if (!rule.key(request)) return;
    const result = await count(request, { increment: false });
    if (!result.isAllowed && result.remaining === 0) throw refuse(result.ttlInSeconds);
  };
  return Object.assign(hit, { hit, refuseIfSpent });
}

/** Counts the attempt against every limit (so each sees it), then refuses if any is exceeded. */
export async function hitRateLimits(request: FastifyRequest, limits: RateLimit[]): Promise<void> {
  const results = await Promise.allSettled(limits.map((limit) => limit.hit(request)));
  const refused = results.find((result) => result.status === 'rejected');
  if (refused) throw (refused as PromiseRejectedResult).reason;
}
