/**
 * One-time 6-digit codes (email verification and password reset).
 * - 15 minutes to live, single use; issuing a new code for the same user and purpose deletes the old one
 *   (resend replaces).
 * - Only an HMAC of the code is stored (keyed with JWT_SECRET), so a database dump does not reveal live codes.
 * - A code is found by its hash among the purpose's codes: `POST /auth/verify` carries only `code` (spec).
 *   No two live codes of one purpose share a hash (issue() draws again), so a hit names one user.
 * - Wrong tries: with the `email` (required on reset-password, optional on verify) a code is checked against
 *   that user's code only and a wrong one counts against it; after 5 wrong tries that code is refused even when
 *   right, until a new one is issued. A verification code sent without an email cannot be attributed to anyone;
 *   the rate limits on the code routes bound that guessing (it proves a mailbox, it opens no account).
 */
import { ERROR_TEXTS } from '@parley/contract';
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { verificationCodes, type CodePurpose } from './schema';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

export const CODE_MESSAGES = {
  invalid: ERROR_TEXTS.code_invalid,
  expired: ERROR_TEXTS.code_expired,
  used: ERROR_TEXTS.code_used,
  locked: ERROR_TEXTS.code_locked,
} as const;

export const generateCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

export function createCodeStore(db: Db, secret: string) {
  const hash = (purpose: CodePurpose, code: string) =>
    crypto.createHmac('sha256', secret).update(`${purpose}:${code}`).digest('hex');

  async function liveCodeWithHash(purpose: CodePurpose, codeHash: string) {
    const [row] = await db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.codeHash, codeHash),
          isNull(verificationCodes.usedAt),
          gt(verificationCodes.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row;
  }

  return {
    /** Issues a fresh code for the user, replacing any earlier one of the same purpose. Returns the code. */
    async issue(userId: string, purpose: CodePurpose): Promise<string> {
      let code = generateCode();
      while (await liveCodeWithHash(purpose, hash(purpose, code))) code = generateCode();
      await db.transaction(async (tx) => {
        await tx
          .delete(verificationCodes)
          .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
        await tx.insert(verificationCodes).values({
          userId,
          purpose,
          codeHash: hash(purpose, code),
          expiresAt: new Date(Date.now() + CODE_TTL_MS),
        });
      });
      return code;
    },

    /**
     * Spends a code: returns its user id, or throws 400 with why (invalid, expired, used, too many tries).
     * `userId` (from an optional email) narrows the search and lets a wrong code count as a wrong try.
     */
    async consume(purpose: CodePurpose, code: string, userId?: string): Promise<string> {
      const codeHash = hash(purpose, code);
      const conditions = [eq(verificationCodes.purpose, purpose), eq(verificationCodes.codeHash, codeHash)];
      if (userId) conditions.push(eq(verificationCodes.userId, userId));
      const [found] = await db
        .select()
        .from(verificationCodes)
        .where(and(...conditions))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);

      if (!found) {
        if (userId) {
          const [counted] = await db
            .update(verificationCodes)
            .set({ attempts: sql`${verificationCodes.attempts} + 1` })
            .where(
              and(
                eq(verificationCodes.userId, userId),
                eq(verificationCodes.purpose, purpose),
                isNull(verificationCodes.usedAt),
              ),
            )
            .returning({ attempts: verificationCodes.attempts });
          if (counted && counted.attempts >= MAX_WRONG_TRIES) throw badRequest(CODE_MESSAGES.locked);
        }
        throw badRequest(CODE_MESSAGES.invalid);
      }
      if (found.usedAt) throw badRequest(CODE_MESSAGES.used);
      if (found.attempts >= MAX_WRONG_TRIES) throw badRequest(CODE_MESSAGES.locked);
      if (found.expiresAt.getTime() <= Date.now()) throw badRequest(CODE_MESSAGES.expired);

      // The conditional update makes the code single-use even when two requests race with it.
      const [spent] = await db
        .update(verificationCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(verificationCodes.id, found.id), isNull(verificationCodes.usedAt)))
        .returning({ userId: verificationCodes.userId });
      if (!spent) throw badRequest(CODE_MESSAGES.used);
      return spent.userId;
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
