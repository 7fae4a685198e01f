import {
  onRealtimeEvent,
  onRealtimeMessage,
  onRealtimeReconnect,
  type Conversation,
  type ConversationDetail,
  type ConversationEvent,
  type Message,
} from '@parley/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchConversationDetail } from './conversation-detail-api';
import { mergeLatestPage, prependOlder, upsertMessage } from './message-merge';

export interface OpenConversationState {
  conversation: Conversation | null;
  messages: Message[];
  hasMore: boolean;
  /** Spec: whether a free-form message may be sent (last incoming message younger than 24 h). */
  canSendFreeForm: boolean;
  loading: boolean;
  loadingOlder: boolean;
  failed: boolean;
}

const EMPTY: OpenConversationState = {
  conversation: null,
  messages: [],
  hasMore: false,
  canSendFreeForm: true,
  loading: true,
  loadingOlder: false,
  failed: false,
};

function withoutMessages(detail: ConversationDetail): Conversation {
  const { messages: _messages, hasMore: _hasMore, ...conversation } = detail;
  return conversation;
}

/** One open conversation: its newest page, older pages on demand, live messages and statuses, refetch on reconnect. */
export function useConversation(conversationId: string) {
  const [state, setState] = useState<OpenConversationState>(EMPTY);
  const current = useRef({ conversationId, state });
  current.current = { conversationId, state };
  // Scroll events come faster than renders: one older page at a time.
  const olderInFlight = useRef(false);

  const load = useCallback((mode: 'open' | 'refresh') => {
    const id = current.current.conversationId;
    if (mode === 'open') setState(EMPTY);
    fetchConversationDetail(id).then(
      (detail) => {
        if (current.current.conversationId !== id) return;
        setState((previous) => {
          if (mode === 'open') {
            // Live messages that came in while the page loaded are kept.
            const messages = previous.messages.reduce(upsertMessage, detail.messages);
            return {
              ...EMPTY,
              conversation: withoutMessages(detail),
              messages,
              hasMore: !!detail.hasMore,
              canSendFreeForm: detail.canSendFreeForm !== false,
              loading: false,
            };
          }
          const merged = mergeLatestPage(previous.messages, detail.messages);
          return {
            ...previous,
            conversation: withoutMessages(detail),
            messages: merged.messages,
            hasMore: merged.replaced ? !!detail.hasMore : previous.hasMore,
            canSendFreeForm: detail.canSendFreeForm !== false,
            loading: false,
            failed: false,
          };
        });
      },
      () =>
        current.current.conversationId === id &&
        setState((previous) => ({ ...previous, loading: false, failed: true })),
    );
  }, []);

  /** Loads the page before the oldest loaded message; resolves with the whole list once it is in. */
  const loadOlder = useCallback(async (): Promise<Message[]> => {
    const { conversationId: id, state: now } = current.current;
    if (!now.hasMore || olderInFlight.current || !now.messages.length) return now.messages;
    olderInFlight.current = true;
    setState((previous) => ({ ...previous, loadingOlder: true }));
    try {
      const page = await fetchConversationDetail(id, now.messages[0].id);
      if (current.current.conversationId !== id) return [];
      const messages = prependOlder(current.current.state.messages, page.messages);
      current.current.state = {
        ...current.current.state,
        messages,
        hasMore: !!page.hasMore && page.messages.length > 0,
        loadingOlder: false,
      };
      setState((previous) => ({
        ...previous,
        messages: prependOlder(previous.messages, page.messages),
        hasMore: !!page.hasMore && page.messages.length > 0,
        loadingOlder: false,
      }));
      return messages;
    } catch {
      setState((previous) => ({ ...previous, loadingOlder: false }));
      return current.current.state.messages;
    } finally {
      olderInFlight.current = false;
    }
  }, []);

  const putMessage = useCallback((message: Message) => {
    setState((previous) => ({ ...previous, messages: upsertMessage(previous.messages, message) }));
  }, []);

  const putConversation = useCallback((conversation: Conversation) => {
    setState((previous) => ({ ...previous, conversation: { ...previous.conversation, ...conversation } }));
  }, []);

  useEffect(() => {
    load('open');
  }, [conversationId, load]);

  useEffect(() => {
    const stopMessages = onRealtimeMessage((event) => {
      if (event.conversationId !== current.current.conversationId) return;
      setState((previous) => ({
        ...previous,
        messages: upsertMessage(previous.messages, event.message),
        conversation: { ...previous.conversation, ...event.conversation },
        // The server's word on the 24-hour window, e.g. open again because the customer just wrote.
        canSendFreeForm: event.conversation.canSendFreeForm,
      }));
    });
    // Someone else closed, archived or reopened it: the header follows at once (an older copy never wins).
    const stopConversations = onRealtimeEvent<ConversationEvent>('conversation', (event) => {
      const changed = event?.conversation;
      if (!changed?.id || changed.id !== current.current.conversationId) return;
      setState((previous) =>
        previous.conversation && Date.parse(previous.conversation.updatedAt) > Date.parse(changed.updatedAt)
          ? previous
          : {
              ...previous,
              conversation: { ...previous.conversation, ...changed },
              canSendFreeForm: changed.canSendFreeForm,
            },
      );
    });
    const stopReconnect = onRealtimeReconnect(() => load('refresh'));
    return () => {
      stopMessages();
      stopConversations();
      stopReconnect();
    };
  }, [load]);

  return { ...state, loadOlder, putMessage, putConversation, reload: () => load('refresh') };
}
