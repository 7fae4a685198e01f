/**
 * Assignment (issue #21, docs/api.md#assignment): a conversation belongs to one staff member of its account, or
 * to nobody. Owners assign to anyone active on the staff; an agent assigns only to themselves, takes only an
 * unassigned conversation and unassigns only their own. An agent's reply to an unassigned conversation makes it
 * theirs (claimOnReply, in the transaction that stores the reply).
 */
import { ERROR_TEXTS } from '@parley/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AuthContext } from '../../http/access';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { CONVERSATION_NOT_FOUND } from '../conversations/queries';
import { conversations } from '../conversations/schema';
import { users } from '../users/schema';

export const ASSIGNMENT_MESSAGES = {
  staffNotFound: ERROR_TEXTS.staff_not_found,
  suspended: ERROR_TEXTS.assignee_suspended,
  agentOthers: ERROR_TEXTS.agent_assigns_self_only,
  takenByOther: ERROR_TEXTS.assigned_elsewhere,
} as const;

/**
 * Sets the assignee in `tx` (the conversation row locked, so two agents taking it at once: one wins, the other
 * gets 403). Returns whether it changed.
 */
export async function assignConversation(
  tx: Tx,
  caller: AuthContext,
  conversationId: string,
  userId: string | null,
): Promise<boolean> {
  if (!isUuid(conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
  const [row] = await tx
    .select({ assignedUserId: conversations.assignedUserId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, caller.accountId)))
    .for('update');
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  if (caller.role !== 'owner') {
    if (userId !== null && userId !== caller.userId) throw forbidden(ASSIGNMENT_MESSAGES.agentOthers);
    if (row.assignedUserId !== null && row.assignedUserId !== caller.userId) {
      throw forbidden(ASSIGNMENT_MESSAGES.takenByOther);
    }
  }
  if (userId !== null) {
    const [target] = await tx
      .select({ status: users.status })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.accountId, caller.accountId), isNull(users.deletedAt)));
    if (!target) throw notFound(ASSIGNMENT_MESSAGES.staffNotFound);
    if (target.status !== 'active') throw badRequest(ASSIGNMENT_MESSAGES.suspended);
  }
  if (row.assignedUserId === userId) return false;
  // A newer copy of the conversation: browsers keep the newest copy they saw of each row (by updatedAt).
  await tx
    .update(conversations)
    .set({ assignedUserId: userId, updatedAt: sql`now()` })
    .where(eq(conversations.id, conversationId));
  return true;
}

/** An agent replying to an unassigned conversation takes it (owners' replies leave it as it is). */
export async function claimOnReply(tx: Tx, conversationId: string, userId: string): Promise<void> {
  await tx
    .update(conversations)
    .set({ assignedUserId: userId })
    .where(
      and(
        eq(conversations.id, conversationId),
        isNull(conversations.assignedUserId),
        sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.role} = 'agent')`,
      ),
    );
}

/** A staff member suspended or deleted: their conversations become unassigned. Returns those conversations. */
export async function releaseAssignments(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .update(conversations)
    .set({ assignedUserId: null, updatedAt: sql`now()` })
    .where(eq(conversations.assignedUserId, userId))
    .returning({ id: conversations.id });
  return rows.map((row) => row.id);
}
