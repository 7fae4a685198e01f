// What the chat's tests share: one conversation (c1), minutes of one morning, its first customer message, and the
// chat pane opened on it.
import type { ConversationDetail, Message } from '@parley/shared';
import { ChatPane, type ChatPaneProps } from '../chat/chat-pane';
import { aContact, aConversation, aMessage } from './fixtures';
import { renderInApp } from './render';

export const conversation = aConversation({
  id: 'c1',
  contact: aContact({ name: null, profileName: 'Ana P', phone: '+15550101' }),
});

/** 10:mm on 1 May 2024, UTC. */
export const at = (minute: number) => `2024-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

export const question = aMessage({
  id: 'q',
  conversationId: 'c1',
  content: { text: 'Do you deliver on Sundays?' },
  createdAt: at(1),
  updatedAt: at(1),
});

/** Our reply in c1 written at 10:`minute`, as WhatsApp last reported it (`status`). */
export const reply = (id: string, text: string, minute: number, status: Message['status'] = 'sent') =>
  aMessage({
    id,
    conversationId: 'c1',
    direction: 'outgoing',
    status,
    content: { text },
    createdAt: at(minute),
    updatedAt: at(minute),
  });

/** The conversation's answer with these messages (all of them: no older page). */
export function detail(messages: Message[], of = conversation): ConversationDetail {
  return { ...of, messages, hasMore: false, canSendFreeForm: true };
}

/**
 * The API answers for a chat whose newest page is the question and whose page before it holds one message
 * ('old', at 10:00) with this text.
 */
export const withOlderPage = (text: string) => {
  const older = aMessage({ id: 'old', conversationId: 'c1', content: { text }, createdAt: at(0), updatedAt: at(0) });
  return {
    'GET /api/conversations/c1': (params: Record<string, unknown>) =>
      params.before === 'q' ? { ...detail([older]), hasMore: false } : { ...detail([question]), hasMore: true },
  };
};

/** The chat pane open on c1, on a desktop unless told otherwise. */
export const renderChat = (props: Partial<ChatPaneProps> = {}) =>
  renderInApp(<ChatPane conversationId="c1" narrow={false} onConversationChange={jest.fn()} {...props} />);
