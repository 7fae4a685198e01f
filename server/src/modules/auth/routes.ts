/**
 * POST /auth/register, /auth/verify, /auth/resend-verification-code, /auth/login, /auth/forgot-password,
 * /auth/reset-password — all public. `email` is optional on verify and reset-password: when sent, wrong codes
 * count against that user's code (see codes.ts).
 */
import { z } from 'zod';
import { RateLimiter } from '../../http/rate-limiter';
import { emailField, parseBody, passwordField, requiredString } from '../../http/validation';
import type { AppModule } from '../../services';
import { createCodeStore } from './codes';
import { AUTH_MESSAGES, createAuthService } from './service';

const PASSWORDS_DIFFER = 'Passwords do not match';

const registerBody = z
  .object({
    fullName: requiredString(),
    title: requiredString(),
    email: emailField(),
    password: passwordField(),
    confirmPassword: passwordField(),
  })
  .refine((body) => body.password === body.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

/** The code as the client's numeric field may send it: "012345" or 12345. */
const codeField = () =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((value) => (typeof value === 'number' ? String(value).padStart(6, '0') : value.trim()))
    .refine((value) => value.length > 0, { message: 'Code is required' })
    .refine((value) => value.length === 0 || /^\d{6}$/.test(value), { message: 'The code has 6 digits' });

const verifyBody = z.object({ code: codeField(), email: emailField().optional() });
const emailBody = z.object({ email: emailField() });
const loginBody = z.object({ email: emailField(), password: passwordField() });
const resetBody = z
  .object({
    code: codeField(),
    password: passwordField(),
    confirmPassword: passwordField(),
    email: emailField().optional(),
  })
  .refine((body) => body.password === body.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

export const authModule: AppModule = {
  name: 'auth',
  register(app, services) {
    const { db, config, mailer, passwords, tokens, realtime, rateLimitStore } = services;
    const auth = createAuthService({
      db,
      config,
      mailer,
      passwords,
      tokens,
      realtime,
      codes: createCodeStore(db, config.auth.jwtSecret),
      log: app.log,
    });
    const minute = 60_000;
    const loginLimit = new RateLimiter(rateLimitStore, {
      name: 'login',
      max: 10,
      windowMs: minute,
      message: 'Too many login attempts. Please wait a minute and try again.',
    });
    const mailLimit = new RateLimiter(rateLimitStore, {
      name: 'code-mail',
      max: 5,
      windowMs: minute,
      message: 'Too many codes requested. Please wait a minute and try again.',
    });
    const codeLimit = new RateLimiter(rateLimitStore, {
      name: 'code-check',
      max: 30,
      windowMs: minute,
      message: 'Too many code attempts. Please wait a minute and try again.',
    });
    const publicRoute = { config: { access: 'public' as const } };

    app.post('/auth/register', publicRoute, async (request, reply) => {
      const { fullName, title, email, password } = parseBody(registerBody, request.body);
      await auth.register({ fullName, title, email, password });
      return reply.status(201).send({ message: AUTH_MESSAGES.registered });
    });

    app.post('/auth/verify', publicRoute, async (request) => {
      await codeLimit.consume(request.ip);
      const { code, email } = parseBody(verifyBody, request.body);
      await auth.verifyEmail(code, email);
      return { message: AUTH_MESSAGES.verified };
    });

    app.post('/auth/resend-verification-code', publicRoute, async (request) => {
      const { email } = parseBody(emailBody, request.body);
      await mailLimit.consume(`${request.ip}:${email}`);
      await auth.resendVerification(email);
      return { message: AUTH_MESSAGES.resent };
    });

    app.post('/auth/login', publicRoute, async (request) => {
      const { email, password } = parseBody(loginBody, request.body);
      await loginLimit.consume(`${request.ip}:${email}`);
      const { token } = await auth.login(email, password);
      return { token };
    });

    app.post('/auth/forgot-password', publicRoute, async (request) => {
      const { email } = parseBody(emailBody, request.body);
      await mailLimit.consume(`${request.ip}:${email}`);
      await auth.forgotPassword(email);
      return { message: AUTH_MESSAGES.resetSent };
    });

    app.post('/auth/reset-password', publicRoute, async (request) => {
      await codeLimit.consume(request.ip);
      const { code, password, email } = parseBody(resetBody, request.body);
      await auth.resetPassword(code, password, email);
      return { message: AUTH_MESSAGES.passwordReset };
    });
  },
};
