import {
  TOAST_MS,
  useToast,
  type Conversation,
  type ConversationStatus,
  type Message,
  type Note,
  useTexts,
} from '@parley/shared';
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Composer } from '../composer/composer';
import { retryMessage, sendErrorText } from '../composer/send-message';
import { setConversationStatus } from '../conversation-list/conversation-api';
import { AssignMenu } from '../assignment/assign-menu';
import { texts } from '../i18n';
import { LabelPicker } from '../labels/label-picker';
import { deleteNote } from '../notes/notes-api';
import { useNotes } from '../notes/use-notes';
import { ChatHeader } from './chat-header';
import { MessageList, type MessageListHandle } from './message-list';
import { messageView } from './message-view';
import { useConversation } from './use-conversation';
import { useReadReceipt } from './use-read-receipt';
import { useWhoIsHere } from './who-is-here';
import { TypingLine, ViewerAvatars } from './who-is-here-view';

export interface ChatPaneProps {
  conversationId: string;
  /** A message to scroll to and highlight once the chat has loaded (a row found by a message). */
  messageId?: string;
  /** The list's copy, shown in the header until the conversation has loaded. */
  summary?: Conversation;
  narrow: boolean;
  onConversationChange: (conversation: Conversation) => void;
  onBack?: () => void;
  /** For the dashboard's keyboard shortcuts (dashboard/use-keyboard-shortcuts.ts). */
  ref?: Ref<ChatPaneHandle>;
}

export interface ChatPaneHandle {
  /** `r`: reply to the customer's last message (as its Reply button does) and focus the message box. */
  replyToLastIncoming: () => void;
  /** `e`: what the Close button does, when it is enabled. */
  close: () => void;
}

/** The open conversation: header with actions, messages, composer. Mount it with `key={conversationId}`. */
export function ChatPane({
  conversationId,
  messageId,
  summary,
  narrow,
  onConversationChange,
  onBack,
  ref,
}: ChatPaneProps) {
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.screen);
  const chat = useConversation(conversationId);
  const [replyTarget, setReplyTarget] = useState<Message | null>(null);
  const [changingStatus, setChangingStatus] = useState(false);
  // Each "Send a template" click opens the composer's template picker.
  const [templateRequest, setTemplateRequest] = useState(0);
  const list = useRef<MessageListHandle>(null);
  const root = useRef<HTMLDivElement>(null);
  const conversation = chat.conversation ?? summary;
  useReadReceipt(conversationId, chat.messages, !chat.loading);
  const here = useWhoIsHere(conversationId);
  const notes = useNotes(conversationId);

  // On a phone the chat takes the list's place, and the row that opened it (with focus) is gone: focus goes to the
  // messages once they are shown, rather than staying at the page's start. Where focus survived (a desktop's row,
  // or wherever the user moved meanwhile), it stays.
  useEffect(() => {
    if (chat.loading) return;
    if (!document.activeElement || document.activeElement === document.body) list.current?.focus();
  }, [chat.loading]);

  const changeStatus = async (status: ConversationStatus) => {
    // The header's buttons are disabled while it changes (and Close stays so), which drops keyboard focus to the
    // page's start: it goes to the messages instead.
    const hadFocus = !!root.current?.contains(document.activeElement);
    setChangingStatus(true);
    try {
      const updated = await setConversationStatus(conversationId, status);
      chat.putConversation(updated);
      onConversationChange({ ...conversation, ...updated });
    } catch (error) {
      toast.error(sendErrorText(error));
    } finally {
      setChangingStatus(false);
      const active = document.activeElement;
      if (hadFocus && (!active || active === document.body || active.matches(':disabled'))) list.current?.focus();
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

  const onSendTemplate = useCallback(() => setTemplateRequest((count) => count + 1), []);

  const { putNote, removeNote } = notes;
  const onNoteAdded = useCallback(
    (note: Note) => {
      putNote(note);
      list.current?.scrollToEnd();
    },
    [putNote],
  );
  const onDeleteNote = useCallback(
    (note: Note) => {
      deleteNote(conversationId, note.id).then(
        () => removeNote(note.id),
        (error: unknown) => toast.error(sendErrorText(error)),
      );
    },
    [conversationId, removeNote, toast],
  );

  useImperativeHandle(ref, () => ({
    replyToLastIncoming: () => {
      const last = chat.messages.findLast(
        (message) => message.direction === 'incoming' && messageView(message).kind !== 'notice',
      );
      if (last) setReplyTarget(last);
      root.current?.querySelector<HTMLElement>('.inbox-composer textarea')?.focus();
    },
    close: () => {
      if (!changingStatus && conversation?.status !== 'closed') void changeStatus('closed');
    },
  }));

  return (
    <div className="inbox-chat" ref={root}>
      <ChatHeader
        contact={conversation?.contact}
        status={conversation?.status}
        narrow={narrow}
        busy={changingStatus}
        onStatus={changeStatus}
        onBack={onBack}
        viewers={<ViewerAvatars viewers={here.viewers} />}
        assignee={
          <AssignMenu
            conversation={conversation}
            onChange={(updated) => {
              chat.putConversation(updated);
              onConversationChange({ ...conversation, ...updated });
            }}
          />
        }
        labels={
          <LabelPicker
            conversation={conversation}
            onChange={(updated) => {
              chat.putConversation(updated);
              onConversationChange({ ...conversation, ...updated });
            }}
          />
        }
      />
      {chat.loading ? (
        <Spin style={{ margin: 'auto' }} />
      ) : chat.failed && !chat.messages.length ? (
        <Result
          status="warning"
          title={t('chat.loadFailed')}
          extra={<Button onClick={chat.reload}>{t('common.retry')}</Button>}
        />
      ) : (
        <MessageList
          ref={list}
          focusMessageId={messageId}
          messages={chat.messages}
          hasMore={chat.hasMore}
          loadingOlder={chat.loadingOlder}
          loadOlder={chat.loadOlder}
          onReply={setReplyTarget}
          onRetry={onRetry}
          onSendTemplate={onSendTemplate}
          notes={notes.notes}
          onDeleteNote={onDeleteNote}
        />
      )}
      <TypingLine typists={here.typists} />
      <Composer
        conversationId={conversationId}
        canSendFreeForm={chat.loading || chat.canSendFreeForm}
        replyTarget={replyTarget}
        onCancelReply={() => setReplyTarget(null)}
        onSent={onSent}
        onRefused={chat.reload}
        templateRequest={templateRequest}
        contact={conversation?.contact}
        notes={{ staff: notes.staff, onAdded: onNoteAdded }}
      />
    </div>
  );
}
