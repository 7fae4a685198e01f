/**
 * POST /auth/register, /auth/verify, /auth/resend-verification-code, /auth/login, /auth/forgot-password,
 * /auth/reset-password — public; POST /auth/logout — signed in. `email` is required on reset-password (the code
 * is checked against that account only, wrong tries counted) and optional on verify (when sent, likewise).
 * Rate limits: limits.ts.
 */
import {
  emailBody,
  loginBody,
  messageAnswer,
  registerBody,
  resetPasswordBody,
  tokenAnswer,
  verifyBody,
} from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import { HttpError } from '../../http/errors';
import { browserLanguage } from '../../http/language';
import { hitRateLimits } from '../../http/rate-limit';
import type { AppModule } from '../../services';
import { createCodeStore } from './codes';
import { defineAuthLimits } from './limits';
import { AUTH_MESSAGES, createAuthService } from './service';

export const authModule: AppModule = {
  name: 'auth',
  register(app, services) {
    const { db, config, mailer, passwords, tokens, realtime } = services;
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
    const limits = defineAuthLimits(app);
    const api = typed(app);
    const publicRoute = { config: { access: 'public' as const } };
    const tags = ['Auth'];
    const answers = { 200: messageAnswer, ...refusals };

    api.post(
      '/auth/register',
      {
        ...publicRoute,
        schema: {
          tags,
          summary: 'Sign up: a new account and its owner; mails a verification code',
          body: registerBody,
          response: { 201: messageAnswer, ...refusals },
        },
      },
      async (request, reply) => {
        const { fullName, title, email, password } = request.body;
        // Per account only: a taken email is mailed, and that must not become a way to flood a mailbox.
        await limits.codeMail.perAccount.hit(request);
        await auth.register({ fullName, title, email, password }, browserLanguage(request));
        return reply.status(201).send({ message: AUTH_MESSAGES.registered });
      },
    );

    api.post(
      '/auth/verify',
      {
        ...publicRoute,
        schema: { tags, summary: 'Verify the email with the mailed code', body: verifyBody, response: answers },
      },
      async (request) => {
        const { code, email } = request.body;
        await hitRateLimits(request, [limits.codeCheck.perIp, limits.codeCheck.perAccount]);
        await auth.verifyEmail(code, email);
        return { message: AUTH_MESSAGES.verified };
      },
    );

    api.post(
      '/auth/resend-verification-code',
      { ...publicRoute, schema: { tags, summary: 'Mail a new verification code', body: emailBody, response: answers } },
      async (request) => {
        const { email } = request.body;
        await hitRateLimits(request, [limits.codeMail.perIp, limits.codeMail.perAccount]);
        await auth.resendVerification(email, browserLanguage(request));
        return { message: AUTH_MESSAGES.resent };
      },
    );

    api.post(
      '/auth/login',
      {
        ...publicRoute,
        schema: {
          tags,
          summary: 'Sign in: the bearer token',
          body: loginBody,
          response: { 200: tokenAnswer, ...refusals },
        },
      },
      async (request) => {
        const { email, password } = request.body;
        await limits.login.perIp.refuseIfSpent(request);
        await limits.login.perAccount.hit(request);
        try {
          const { token } = await auth.login(email, password);
          return { token };
        } catch (error) {
          if (error instanceof HttpError && error.status === 401) await limits.login.perIp.hit(request);
          throw error;
        }
      },
    );

    api.post(
      '/auth/forgot-password',
      { ...publicRoute, schema: { tags, summary: 'Mail a password reset code', body: emailBody, response: answers } },
      async (request) => {
        const { email } = request.body;
        await hitRateLimits(request, [limits.codeMail.perIp, limits.codeMail.perAccount]);
        await auth.forgotPassword(email, browserLanguage(request));
        return { message: AUTH_MESSAGES.resetSent };
      },
    );

    api.post(
      '/auth/reset-password',
      {
        ...publicRoute,
        schema: {
          tags,
          summary: 'Set a new password with the mailed code',
          body: resetPasswordBody,
          response: answers,
        },
      },
      async (request) => {
        const { code, password, email } = request.body;
        await hitRateLimits(request, [limits.codeCheck.perIp, limits.codeCheck.perAccount]);
        await auth.resetPassword(code, password, email);
        return { message: AUTH_MESSAGES.passwordReset };
      },
    );

    api.post(
      '/auth/logout',
      {
        config: { access: 'user' },
        schema: { tags, summary: "End the caller's sessions (every token of theirs stops working)", response: answers },
      },
      async (request) => {
        await auth.logout(requireAuth(request).userId);
        return { message: AUTH_MESSAGES.loggedOut };
      },
    );
  },
};
