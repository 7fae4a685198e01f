/**
 * A conversation's labels inside the query that reads it: one correlated aggregate per row the statement returns
 * (a primary-key range on conversation_labels), so a page of the list is still one query. It names the outer
 * `conversations` table, so it fits any select whose from or join is that table.
 */
import type { Label } from '@parley/contract';
import { sortLabels } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { parsedJson } from '../../db/json-rows';

export const conversationLabelsSql = sql<Label[] | string | null>`(
  select json_agg(json_build_object('id', l.id, 'name', l.name, 'colour', l.colour))
  from conversation_labels cl
  join labels l on l.id = cl.label_id
  where cl.conversation_id = conversations.id
)`;

/** The aggregate as read, by name. */
export function labelsOf(value: Label[] | string | null | undefined): Label[] {
  return sortLabels(parsedJson(value) ?? []);
}
