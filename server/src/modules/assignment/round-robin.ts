/**
 * Round robin (issue #21, docs/api.md#round-robin): when the account's owner turns it on, a conversation created
 * by a customer's first message is assigned to the next active staff member (owner or agent) who is online, in
 * turn; nobody online leaves it unassigned. Conversations that already exist keep their assignee rules.
 *
 * Fairness across processes: the account row remembers the member picked last (`round_robin_last_user_id`); the
 * pick locks that row in the transaction that creates the conversation, so two transactions never take the same
 * turn. The next member is the first online one whose id follows the last pick (ids in a fixed order, wrapping).
 *
 * Who is online comes from presence (realtime/presence.ts: in memory, or Redis across processes) through a
 * short-lived answer kept per account (ONLINE_ANSWER_MS): the webhook path asks presence at most once per account
 * every few seconds, never once per message. A connection arriving or leaving on this process forgets the
 * account's answer; one on another process is seen once the answer expires, so a pick may be up to
 * ONLINE_ANSWER_MS behind a sign-in or sign-out elsewhere.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../http/access';
import { notFound } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { accounts } from '../accounts/schema';
import { conversations } from '../conversations/schema';
import { users } from '../users/schema';

/** How long an account's online answer is reused. */
export const ONLINE_ANSWER_MS = 3000;

/** Who is online per account, from presence, each answer reused for `ttlMs`. */
export class OnlineStaff {
  private readonly answers = new Map<string, { at: number; ids: Promise<string[]> }>();

  constructor(
    private readonly realtime: Pick<Realtime, 'onlineUserIds'>,
    private readonly ttlMs = ONLINE_ANSWER_MS,
  ) {}

  online(accountId: string): Promise<string[]> {
    const now = Date.now();
    const kept = this.answers.get(accountId);
    if (kept && now - kept.at < this.ttlMs) return kept.ids;
    const ids = this.realtime.onlineUserIds(accountId);
    this.answers.set(accountId, { at: now, ids });
    // A failed answer is not kept.
    ids.catch(() => this.answers.get(accountId)?.ids === ids && this.answers.delete(accountId));
    return ids;
  }

  forget(accountId: string): void {
    this.answers.delete(accountId);
  }

  /** Forgets an account's answer whenever one of its sockets connects to or leaves this process. */
  watch(io: Realtime['io']): void {
    io.on('connection', (socket: Socket) => {
      const { accountId } = (socket.data as { auth: AuthContext }).auth;
      this.forget(accountId);
      socket.on('disconnect', () => this.forget(accountId));
    });
  }
}

/**
 * The apps of this process (one in production; tests may start several): conversation creation happens deep in
 * the webhook path, which has no app services, so the assignment module registers its online answer here.
 */
const onlineSources = new Set<OnlineStaff>();

export function registerOnlineStaff(source: OnlineStaff): () => void {
  onlineSources.add(source);
  return () => onlineSources.delete(source);
}

async function onlineUserIds(accountId: string): Promise<string[]> {
  const answers = await Promise.all([...onlineSources].map((source) => source.online(accountId)));
  return [...new Set(answers.flat())];
}

/** The member after `last` in id order among `candidates` (sorted), wrapping to the first. */
export function nextInTurn(candidates: string[], last: string | null): string | null {
  if (candidates.length === 0) return null;
  return (last === null ? undefined : candidates.find((id) => id > last)) ?? candidates[0];
}

/**
 * A conversation just created by the webhook: with round robin on, it gets the next online member as its
 * assignee (in `tx`, the account row locked). Returns the row as it is now.
 */
export async function assignNewConversation<T extends { id: string; accountId: string; assignedUserId: string | null }>(
  tx: Tx,
  conversation: T,
): Promise<T> {
  const { accountId } = conversation;
  const [setting] = await tx
    .select({ roundRobin: accounts.roundRobin })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!setting?.roundRobin) return conversation;
  const online = await onlineUserIds(accountId);
  if (online.length === 0) return conversation;
  // The lock is the turn: a parallel transaction waits here and then reads the pick this one made.
  const [turn] = await tx
    .select({ roundRobin: accounts.roundRobin, last: accounts.roundRobinLastUserId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!turn?.roundRobin) return conversation;
  const candidates = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        inArray(users.id, online),
      ),
    )
    .orderBy(asc(users.id));
  // Ids compare as PostgreSQL orders uuids: lower-case hex text.
  const userId = nextInTurn(
    candidates.map((row) => row.id.toLowerCase()),
    turn.last?.toLowerCase() ?? null,
  );
  if (!userId) return conversation;
  await tx.update(accounts).set({ roundRobinLastUserId: userId }).where(eq(accounts.id, accountId));
  await tx.update(conversations).set({ assignedUserId: userId }).where(eq(conversations.id, conversation.id));
  return { ...conversation, assignedUserId: userId };
}

export async function getRoundRobin(db: Db, accountId: string): Promise<{ roundRobin: boolean }> {
  const [row] = await db.select({ roundRobin: accounts.roundRobin }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw notFound('Account not found');
  return row;
}

export async function setRoundRobin(db: Db, accountId: string, roundRobin: boolean): Promise<{ roundRobin: boolean }> {
  const [row] = await db
    .update(accounts)
    .set({ roundRobin })
    .where(eq(accounts.id, accountId))
    .returning({ roundRobin: accounts.roundRobin });
  if (!row) throw notFound('Account not found');
  return row;
}
