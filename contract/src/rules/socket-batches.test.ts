import type { ConversationsEvent } from '../events';
import { conversationEventsOf } from './socket-batches';

describe('conversationEventsOf', () => {
  it('gives each conversation of a batch the batch’s counts, unread total and archived replies, in order', () => {
    const counts = { active: 2, closed: 0, archived: 3 } as ConversationsEvent['counts'];
    const first = { id: 'c1', unreadCount: 2 } as ConversationsEvent['conversations'][number];
    const second = { id: 'c2', unreadCount: 0 } as ConversationsEvent['conversations'][number];
    const batch: ConversationsEvent = { counts, unreadTotal: 2, archivedReplies: 1, conversations: [first, second] };
    expect(conversationEventsOf(batch)).toEqual([
      { counts, unreadTotal: 2, archivedReplies: 1, conversation: first },
      { counts, unreadTotal: 2, archivedReplies: 1, conversation: second },
    ]);
  });

  it('stands for no event when the batch is empty', () => {
    const counts = { active: 0, closed: 0, archived: 0 } as ConversationsEvent['counts'];
    expect(conversationEventsOf({ counts, unreadTotal: 0, archivedReplies: 0, conversations: [] })).toEqual([]);
  });
});
