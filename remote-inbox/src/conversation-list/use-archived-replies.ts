import { onRealtimeEvent, type Conversation, type ConversationEvent } from '@parley/shared';
import { useCallback, useEffect, useState } from 'react';

/** Adds or drops one conversation: it counts while it is archived with a customer's reply (docs/api.md). */
export function withArchivedReply(ids: ReadonlySet<string>, conversation: Conversation): ReadonlySet<string> {
  const replied = conversation.status === 'archived' && !!conversation.archivedReplyAt;
  if (replied === ids.has(conversation.id)) return ids;
  const next = new Set(ids);
  if (replied) next.add(conversation.id);
  else next.delete(conversation.id);
  return next;
}

/**
 * Whether a customer wrote into an archived conversation, for the dot on the Archived tab: learnt from the
 * `conversation` events, from the rows the list has loaded (`rows`) and from this user's own actions (`note`).
 */
export function useArchivedReplies(rows: Conversation[]): [boolean, (conversation: Conversation) => void] {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const note = useCallback(
    (conversation: Conversation) => setIds((previous) => withArchivedReply(previous, conversation)),
    [],
  );
  useEffect(
    () =>
      onRealtimeEvent<ConversationEvent>('conversation', (event) => {
        if (event?.conversation?.id) setIds((previous) => withArchivedReply(previous, event.conversation));
      }),
    [],
  );
  useEffect(() => {
    setIds((previous) => rows.reduce(withArchivedReply, previous));
  }, [rows]);
  return [ids.size > 0, note];
}
