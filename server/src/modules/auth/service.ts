/** Sign-up, verification, login and password reset (docs/product-rules.md#sign-in). Routes in routes.ts only parse and call these. */
import { ERROR_TEXTS, type Language } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail, signUpAttemptMail, verificationMail } from '../../mail/templates';
import type { Realtime } from '../../realtime/realtime';
import { accounts } from '../accounts/schema';
import { users, type UserRow } from '../users/schema';
import { CODE_MESSAGES, type CodeStore } from './codes';
import type { PasswordHasher } from './passwords';
import type { TokenService } from './tokens';

export const AUTH_MESSAGES = {
  registered: 'Account created. We sent a verification code to your email.',
  verified: 'Email verified successfully',
  resent: 'If this email is waiting for verification, a new code has been sent.',
  wrongCredentials: ERROR_TEXTS.wrong_credentials,
  unverified: ERROR_TEXTS.email_unverified,
  suspended: ERROR_TEXTS.user_suspended,
  deleted: ERROR_TEXTS.user_deleted,
  resetSent: 'If an account exists for this email, a verification code has been sent.',
  passwordReset: 'Password reset successful',
  loggedOut: 'Logged out',
} as const;

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  passwords: PasswordHasher;
  tokens: TokenService;
  codes: CodeStore;
  realtime: Realtime;
  log: { error(obj: object, msg: string): void };
}

export interface RegisterInput {
  fullName: string;
  title: string;
  email: string;
  password: string;
}

/** A mail is in the language its recipient picked on Profile, else in the language of the browser that asked for it. */
const mailLanguage = (user: UserRow, browserLanguage: Language): Language => user.language ?? browserLanguage;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, mailer, passwords, tokens, codes, realtime, log } = deps;

  const findUserByEmail = async (email: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

  /** Mail problems must not undo what already happened (the account exists); the user can ask again. */
  async function sendOrFail(send: () => Promise<void>, what: string) {
    try {
      await send();
    } catch (error) {
      log.error({ err: error }, `could not send ${what}`);
      throw new HttpError(502, ERROR_TEXTS.mail_failed);
    }
  }

  async function sendSafely(send: () => Promise<void>, what: string) {
    try {
      await send();
    } catch (error) {
      log.error({ err: error }, `could not send ${what}`);
    }
  }

  /** What a sign-up with a taken email mails to that email's owner. */
  async function answerTakenEmail(user: UserRow, browserLanguage: Language) {
    const language = mailLanguage(user, browserLanguage);
    if (!user.verifiedAt && !user.deletedAt) {
      const code = await codes.issue(user.id, 'verify');
      const mail = verificationMail(user.email, code, config.publicUrl, language);
      await sendSafely(() => mailer.send(mail), 'verification mail');
      return;
    }
    const mail = signUpAttemptMail(user.email, config.publicUrl, language);
    await sendSafely(() => mailer.send(mail), 'sign-up attempt mail');
  }

  return {
    findUserByEmail,

    /**
     * Creates a business account and its owner (unverified) and mails a verification code. An email that already
     * has an account gets the same answer (no enumeration) and its owner a mail instead: a fresh verification
     * code while it is unverified, else a note that someone tried to sign up with it. Returns the new ids, or
     * undefined when the email was taken.
     */
    async register(
      input: RegisterInput,
      browserLanguage: Language,
    ): Promise<{ userId: string; accountId: string } | undefined> {
      // Hashed either way, so a known email answers as slowly as a new one.
      const passwordHash = await passwords.hash(input.password);
      const existing = await findUserByEmail(input.email);
      if (existing) return void (await answerTakenEmail(existing, browserLanguage));
      let created: { userId: string; accountId: string };
      try {
        created = await db.transaction(async (tx) => {
          const [account] = await tx.insert(accounts).values({ name: input.fullName }).returning({ id: accounts.id });
          const [user] = await tx
            .insert(users)
            .values({
              accountId: account.id,
              fullName: input.fullName,
              title: input.title,
              email: input.email,
              passwordHash,
              role: 'owner',
              status: 'active',
            })
            .returning({ id: users.id });
          return { userId: user.id, accountId: account.id };
        });
      } catch (error) {
        // The same email registered at the same moment: the other request created it.
        if (!isUniqueViolation(error)) throw error;
        const winner = await findUserByEmail(input.email);
        if (winner) await answerTakenEmail(winner, browserLanguage);
        return undefined;
      }
      const code = await codes.issue(created.userId, 'verify');
      const mail = verificationMail(input.email, code, config.publicUrl, browserLanguage);
      await sendSafely(() => mailer.send(mail), 'verification mail');
      return created;
    },
    async verifyEmail(code: string, email?: string): Promise<void> {
      const userId = await codes.consume('verify', code, email ? (await findUserByEmail(email))?.id : undefined);
      await db
        .update(users)
        .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
        .where(eq(users.id, userId));
    },

    /** Same answer whatever the email: only an unverified, existing user gets a (replacing) code. */
    async resendVerification(email: string, browserLanguage: Language): Promise<void> {
      const user = await findUserByEmail(email);
      if (!user || user.verifiedAt || user.deletedAt) return;
      const code = await codes.issue(user.id, 'verify');
      const mail = verificationMail(user.email, code, config.publicUrl, mailLanguage(user, browserLanguage));
      await sendOrFail(() => mailer.send(mail), 'verification mail');
    },

    async login(email: string, password: string): Promise<{ token: string; expiresAt: Date }> {
      const user = await findUserByEmail(email);
      if (!user) {
        await passwords.verifyAgainstNothing(password);
        throw unauthorized(AUTH_MESSAGES.wrongCredentials);
      }
      if (!(await passwords.verify(user.passwordHash, password))) throw unauthorized(AUTH_MESSAGES.wrongCredentials);
      // Only a caller who knows the password learns the account's state.
      if (user.deletedAt) throw forbidden(AUTH_MESSAGES.deleted);
      if (!user.verifiedAt) throw forbidden(AUTH_MESSAGES.unverified);
      if (user.status === 'hold') throw forbidden(AUTH_MESSAGES.suspended);
      const now = new Date();
      await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
      return tokens.sign({
        userId: user.id,
        accountId: user.accountId,
        role: user.role,
        lastLoginDate: now.toISOString(),
        tokenVersion: user.tokenVersion,
      });
    },

    /** Same answer whether or not the email exists. */
    async forgotPassword(email: string, browserLanguage: Language): Promise<void> {
      const user = await findUserByEmail(email);
      if (!user || user.deletedAt) return;
      const code = await codes.issue(user.id, 'reset');
      const mail = passwordResetMail(user.email, code, config.publicUrl, mailLanguage(user, browserLanguage));
      await sendOrFail(() => mailer.send(mail), 'reset mail');
    },

    /**
     * Sets the new password, ends every existing session (token version bump, sockets closed) and, since the
     * code proved the mailbox, marks the email verified. The code counts only against the account of `email`
     * (a wrong one is a wrong try of that account's code); an unknown email answers like a wrong code.
     */
    async resetPassword(code: string, password: string, email: string): Promise<void> {
      const user = await findUserByEmail(email);
      if (!user || user.deletedAt) throw badRequest(CODE_MESSAGES.invalid);
      const userId = await codes.consume('reset', code, user.id);
      await db
        .update(users)
        .set({
          passwordHash: await passwords.hash(password),
          tokenVersion: sql`${users.tokenVersion} + 1`,
          verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
        })
        .where(eq(users.id, userId));
      realtime.disconnectUser(userId);
    },

    /**
     * Server-side logout: the token version moves on, so this token (and every other token of the user: a copied
     * one included) is refused from the next request on, and the user's sockets are closed.
     */
    async logout(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId));
      realtime.disconnectUser(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
