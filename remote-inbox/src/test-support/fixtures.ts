import type { Contact, Conversation, Message } from '@parley/shared';

let sequence = 0;

export function aContact(patch: Partial<Contact> = {}): Contact {
  sequence += 1;
  return {
    id: `contact-${sequence}`,
    name: null,
    profileName: null,
    phone: `+1555000${sequence}`,
    email: null,
    ...patch,
  };
}

export function aConversation(patch: Partial<Conversation> = {}): Conversation {
  sequence += 1;
  return {
    id: `conv-${sequence}`,
    status: 'active',
    contact: aContact(),
    lastMessage: { incoming: true, timestamp: '2024-05-01T10:00:00.000Z' },
    canSendFreeForm: true,
    archivedReplyAt: null,
    labels: [],
    assignee: null,
    createdAt: '2024-05-01T09:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...patch,
  };
}

export function aMessage(patch: Partial<Message> = {}): Message {
  sequence += 1;
  return {
    id: `msg-${sequence}`,
    conversationId: 'conv-1',
    type: 'text',
    direction: 'incoming',
    content: { text: `message ${sequence}` },
    replyTo: null,
    replyToMessage: null,
    error: null,
    reactions: [],
    timestamp: patch.createdAt ?? '2024-05-01T10:00:00.000Z',
    // Stored when it was sent, unless the test says otherwise.
    createdAt: patch.timestamp ?? '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...patch,
  };
}
