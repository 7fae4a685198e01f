import { onRealtimeMessage } from '@parley/shared';
import { atom } from 'nanostores';
import { countIncoming, EMPTY_UNREAD, markRead, type UnreadState } from './unread';

/** Lives as long as the page, so counts survive leaving the dashboard for another screen and coming back. */
export const $unread = atom<UnreadState>(EMPTY_UNREAD);

let openConversationId: string | null = null;
let stopListening: (() => void) | undefined;

/** Starts counting (idempotent): the dashboard calls this when it mounts; counting goes on while it is away. */
export function startUnreadCounting(): void {
  stopListening ??= onRealtimeMessage((event) => $unread.set(countIncoming($unread.get(), event, openConversationId)));
}

/** The conversation on screen: its messages are read as they arrive. */
export function setOpenConversation(conversationId: string | null): void {
  openConversationId = conversationId;
  if (conversationId) $unread.set(markRead($unread.get(), conversationId));
}
