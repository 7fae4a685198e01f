import { TOAST_MS, useToast, type Conversation, type ConversationStatus, type Message } from '@parley/shared';
import { Button, Result, Spin } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { Composer } from '../composer/composer';
import { retryMessage, sendErrorText } from '../composer/send-message';
import { setConversationStatus } from '../conversation-list/conversation-api';
import { ChatHeader } from './chat-header';
import { MessageList, type MessageListHandle } from './message-list';
import { useConversation } from './use-conversation';

export interface ChatPaneProps {
  conversationId: string;
  /** The list's copy, shown in the header until the conversation has loaded. */
  summary?: Conversation;
  narrow: boolean;
  onConversationChange: (conversation: Conversation) => void;
  onBack?: () => void;
}

/** The open conversation: header with actions, messages, composer. Mount it with `key={conversationId}`. */
export function ChatPane({ conversationId, summary, narrow, onConversationChange, onBack }: ChatPaneProps) {
  const toast = useToast(TOAST_MS.screen);
  const chat = useConversation(conversationId);
  const [replyTarget, setReplyTarget] = useState<Message | null>(null);
  const [changingStatus, setChangingStatus] = useState(false);
  const list = useRef<MessageListHandle>(null);
  const conversation = chat.conversation ?? summary;

  const changeStatus = async (status: ConversationStatus) => {
    setChangingStatus(true);
    try {
      const updated = await setConversationStatus(conversationId, status);
      chat.putConversation(updated);
      onConversationChange({ ...conversation, ...updated });
    } catch (error) {
      toast.error(sendErrorText(error));
    } finally {
      setChangingStatus(false);
    }
  };

  const { putMessage } = chat;
  const onSent = useCallback(
    (message: Message) => {
      putMessage(message);
      list.current?.scrollToEnd();
    },
    [putMessage],
  );
  const onRetry = useCallback(
    (message: Message) => {
      retryMessage(conversationId, message.id).then(putMessage, (error: unknown) => toast.error(sendErrorText(error)));
    },
    [conversationId, putMessage, toast],
  );

  return (
    <div className="inbox-chat">
      <ChatHeader
        contact={conversation?.contact}
        status={conversation?.status}
        narrow={narrow}
        busy={changingStatus}
        onStatus={changeStatus}
        onBack={onBack}
      />
      {chat.loading ? (
        <Spin style={{ margin: 'auto' }} />
      ) : chat.failed && !chat.messages.length ? (
        <Result
          status="warning"
          title="This conversation could not be loaded."
          extra={<Button onClick={chat.reload}>Retry</Button>}
        />
      ) : (
        <MessageList
          ref={list}
          messages={chat.messages}
          hasMore={chat.hasMore}
          loadingOlder={chat.loadingOlder}
          loadOlder={chat.loadOlder}
          onReply={setReplyTarget}
          onRetry={onRetry}
        />
      )}
      <Composer
        conversationId={conversationId}
        canSendFreeForm={chat.loading || chat.canSendFreeForm}
        replyTarget={replyTarget}
        onCancelReply={() => setReplyTarget(null)}
        onSent={onSent}
        onRefused={chat.reload}
      />
    </div>
  );
}
