import {
  onRealtimeEvent,
  onRealtimeMessage,
  onRealtimeReconnect,
  type Conversation,
  type ConversationEvent,
  type ConversationStatus,
} from '@parley/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchConversationPage } from './conversation-api';
import { noteListedPreviews } from './last-message-preview';
import { applyConversationEvent, applyLiveEvent, isNotOlder, placeConversation, preferNewer } from './list-merge';

export interface ConversationListState {
  rows: Conversation[];
  nextCursor: string | null;
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
}

const INITIAL: ConversationListState = { rows: [], nextCursor: null, loading: true, loadingMore: false, failed: false };

/**
 * The rows of one tab as the server filtered them (`serverFilters` are the query parameters; `matches` is the same
 * filter in the browser), kept live: socket events update, reorder or move rows between tabs; an unknown
 * conversation in a `message` event or a reconnect reloads the first page.
 */
export function useConversationList(
  status: ConversationStatus,
  serverFilters: Record<string, string>,
  matches: (conversation: Conversation) => boolean,
) {
  const [state, setState] = useState<ConversationListState>(INITIAL);
  const filtersKey = JSON.stringify(serverFilters);
  // Each load (first page) has its own AbortController: a new load aborts the one before it and the `loadMore`
  // pages that continued it, so a superseded answer never lands. Why not the shared answer cache (as every other
  // list): these rows are not one answer but a first page, the cursor pages after it and every socket event merged
  // in, newest copy per conversation winning. A cached first page would bring back rows the live events have since
  // moved, and a `loadMore` answer must be dropped when a reload has replaced the page it continues, which a
  // per-address cache cannot tell.
  const load = useRef<AbortController>(undefined);
  const latest = useRef({ status, filters: serverFilters, matches, state });
  latest.current = { status, filters: serverFilters, matches, state };
  // The newest copy seen live per conversation, so a late, older copy (an event, a page) never moves a row back.
  const lastSeen = useRef(new Map<string, Conversation>());
  const isCurrent = useCallback((conversation: Conversation) => {
    if (!isNotOlder(lastSeen.current.get(conversation.id), conversation)) return false;
    lastSeen.current.set(conversation.id, conversation);
    return true;
  }, []);

  const reload = useCallback(() => {
    load.current?.abort();
    const { signal } = (load.current = new AbortController());
    const { status: tab, filters } = latest.current;
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    fetchConversationPage(tab, filters, null, signal).then(
      (page) => {
        noteListedPreviews(page.list);
        if (!signal.aborted)
          setState({
            rows: preferNewer(page.list, lastSeen.current, tab),
            nextCursor: page.nextCursor,
            loading: false,
            loadingMore: false,
            failed: false,
          });
      },
      () => !signal.aborted && setState((previous) => ({ ...previous, loading: false, failed: true })),
    );
  }, []);

  const loadMore = useCallback(() => {
    const { status: tab, filters, state: now } = latest.current;
    const signal = load.current?.signal;
    if (!signal || !now.nextCursor || now.loading || now.loadingMore) return;
    setState((previous) => ({ ...previous, loadingMore: true }));
    fetchConversationPage(tab, filters, now.nextCursor, signal).then(
      (page) => {
        noteListedPreviews(page.list);
        if (signal.aborted) return;
        setState((previous) => {
          const loaded = new Set(previous.rows.map((row) => row.id));
          return {
            ...previous,
            rows: [
              ...previous.rows,
              ...preferNewer(
                page.list.filter((row) => !loaded.has(row.id)),
                lastSeen.current,
                tab,
              ),
            ],
            nextCursor: page.nextCursor,
            loadingMore: false,
          };
        });
      },
      () => !signal.aborted && setState((previous) => ({ ...previous, loadingMore: false })),
    );
  }, []);

  /** After an action (Close, Archive) the server's copy decides which tab the conversation belongs to. */
  const upsert = useCallback(
    (conversation: Conversation) => {
      if (!isCurrent(conversation)) return;
      setState((previous) => ({
        ...previous,
        rows: placeConversation(previous.rows, conversation, latest.current.status),
      }));
    },
    [isCurrent],
  );

  // A new tab starts empty; new filters keep the rows on screen (already filtered client-side) until the answer.
  const shownStatus = useRef(status);
  useEffect(() => {
    if (shownStatus.current !== status) {
      shownStatus.current = status;
      setState(INITIAL);
    }
    reload();
  }, [status, filtersKey, reload]);

  useEffect(() => {
    const stopMessages = onRealtimeMessage((event) => {
      if (!isCurrent(event.conversation)) return;
      const tab = latest.current.status;
      if (applyLiveEvent(latest.current.state.rows, event, tab).kind === 'unknown') {
        reload();
        return;
      }
      setState((previous) => {
        const result = applyLiveEvent(previous.rows, event, tab);
        return result.kind === 'rows' && result.rows !== previous.rows ? { ...previous, rows: result.rows } : previous;
      });
    });
    const stopConversations = onRealtimeEvent<ConversationEvent>('conversation', (event) => {
      const conversation = event?.conversation;
      if (!conversation?.id || !isCurrent(conversation)) return;
      setState((previous) => {
        const { status: tab, matches: inFilters } = latest.current;
        const rows = applyConversationEvent(previous.rows, conversation, tab, inFilters);
        return rows === previous.rows ? previous : { ...previous, rows };
      });
    });
    const stopReconnect = onRealtimeReconnect(reload);
    return () => {
      stopMessages();
      stopConversations();
      stopReconnect();
      load.current?.abort();
    };
  }, [reload, isCurrent]);

  return { ...state, reload, loadMore, upsert };
}
