// A conversation-list row on its own, as tests of what a row shows (assignee, labels) render it.
import type { Conversation } from '@parley/shared';
import { ConversationRow } from '../conversation-list/conversation-row';

/** The row of `conversation`: not selected, nothing unread, no preview, not reopening, clicks ignored. */
export function PlainRow({ conversation }: { conversation: Conversation }) {
  return (
    <ConversationRow
      conversation={conversation}
      selected={false}
      unread={0}
      preview={undefined}
      reopening={false}
      onOpen={() => undefined}
      onReopen={() => undefined}
    />
  );
}
