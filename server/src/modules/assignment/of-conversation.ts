/**
 * A conversation's assignee inside the query that reads it (issue #21): one primary-key lookup per row the
 * statement returns, so a page of the list is still one query. Like labels/of-conversation.ts it names the
 * outer `conversations` table.
 */
import type { Assignee } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { parsedJson } from '../../db/json-rows';

export const conversationAssigneeSql = sql<Assignee | string | null>`(
  select json_build_object('id', u.id, 'fullName', u.full_name)
  from users u
  where u.id = conversations.assigned_user_id
)`;

/** The object as read. */
export function assigneeOf(value: Assignee | string | null | undefined): Assignee | null {
  const assignee = parsedJson(value);
  return assignee ? { id: assignee.id, fullName: assignee.fullName } : null;
}
