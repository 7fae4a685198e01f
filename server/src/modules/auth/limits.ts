/**
 * The auth routes' rate limits. Each attempt is counted per client IP (across every email: password spraying,
 * code guessing over many accounts) and per account (the email, across every IP: one account attacked from many
 * addresses). docs/reliability.md has the arithmetic for the code checks.
 */
import { ERROR_TEXTS } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRateLimit, type RateLimit } from '../../http/rate-limit';

const MINUTE = 60_000;

/** The email of a body already validated by the route, as emailField normalises it ('' when absent). */
const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};
const clientIp = (request: FastifyRequest) => request.ip;

export const AUTH_LIMITS = {
  /** Per IP only failed logins count (password spraying fails); per account every attempt. */
  login: {
    perIp: { max: 20, windowMs: 5 * MINUTE },
    perAccount: { max: 10, windowMs: MINUTE },
    message: ERROR_TEXTS.too_many_logins,
  },
  /** Mails with a code (forgot password, resend verification): each new code is 5 more tries at guessing. */
  codeMail: {
    perIp: { max: 10, windowMs: MINUTE },
    perAccount: { max: 5, windowMs: 15 * MINUTE },
    message: ERROR_TEXTS.too_many_codes_requested,
  },
  codeCheck: {
    perIp: { max: 30, windowMs: MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE },
    message: ERROR_TEXTS.too_many_code_attempts,
  },
} as const;

export type AuthLimits = Record<keyof typeof AUTH_LIMITS, { perIp: RateLimit; perAccount: RateLimit }>;

export function defineAuthLimits(app: FastifyInstance): AuthLimits {
  const both = (name: keyof typeof AUTH_LIMITS) => {
    const { perIp, perAccount, message } = AUTH_LIMITS[name];
    return {
      perIp: defineRateLimit(app, { name: `${name}-ip`, ...perIp, message, key: clientIp }),
      perAccount: defineRateLimit(app, { name: `${name}-account`, ...perAccount, message, key: bodyEmail }),
    };
  };
  return { login: both('login'), codeMail: both('codeMail'), codeCheck: both('codeCheck') };
}
