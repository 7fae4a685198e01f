/**
 * Which account a webhook's phone number id belongs to, remembered briefly: every webhook POST asks, and the
 * answer changes only when an account saves other credentials. saveCredentials forgets this process's answers at
 * once (forgetPhoneNumberAccounts); other processes (REDIS_URL) see the change within ANSWER_LIFE_MS, when
 * their answer expires — a number moves between accounts only after its first account connected another one.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappConnections } from './schema';

const ANSWER_LIFE_MS = 5_000;

interface Answer {
  accountId: Promise<string | null>;
  expiresAt: number;
}

/** Per database (tests run several servers in one process). */
const answersByDb = new WeakMap<Db, Map<string, Answer>>();

/** The account that holds the phone number id, or null when none does. */
export function accountIdOfPhoneNumber(db: Db, phoneNumberId: string): Promise<string | null> {
  let answers = answersByDb.get(db);
  if (!answers) answersByDb.set(db, (answers = new Map()));
  const now = Date.now();
  const known = answers.get(phoneNumberId);
  if (known && known.expiresAt > now) return known.accountId;
  const accountId = db
    .select({ accountId: whatsappConnections.accountId })
    .from(whatsappConnections)
    .where(eq(whatsappConnections.phoneNumberId, phoneNumberId))
    .limit(1)
    .then(([row]) => row?.accountId ?? null);
  const answer = { accountId, expiresAt: now + ANSWER_LIFE_MS };
  answers.set(phoneNumberId, answer);
  // A failed lookup is not an answer: the next webhook asks again.
  const kept = answers;
  accountId.catch(() => kept.get(phoneNumberId) === answer && kept.delete(phoneNumberId));
  return accountId;
}

/** Forgets every answer of this process for the database (credentials changed). */
export function forgetPhoneNumberAccounts(db: Db): void {
  answersByDb.delete(db);
}
