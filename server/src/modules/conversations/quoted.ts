/** The quoted messages of a page of messages (`replyToMessage`), loaded in one query. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from './schema';
import { toQuotedMessageView, type MessageView } from './views';

export async function withQuotedMessages<T extends MessageView>(db: Db, accountId: string, page: T[]): Promise<T[]> {
  const wanted = [...new Set(page.map((message) => message.replyTo).filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return page;
  const rows = await db
    .select({ id: messages.id, type: messages.type, direction: messages.direction, content: messages.content })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), inArray(messages.id, wanted)));
  const quoted = new Map(rows.map((row) => [row.id, toQuotedMessageView(row)]));
  return page.map((message) =>
    message.replyTo && quoted.has(message.replyTo)
      ? { ...message, replyToMessage: quoted.get(message.replyTo) ?? null }
      : message,
  );
}
