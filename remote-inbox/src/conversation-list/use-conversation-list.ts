import { onRealtimeMessage, onRealtimeReconnect, type Conversation, type ConversationStatus } from '@parley/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchConversationPage } from './conversation-api';
import { applyLiveEvent, placeConversation } from './list-merge';

export interface ConversationListState {
  rows: Conversation[];
  nextCursor: string | null;
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
}

const INITIAL: ConversationListState = { rows: [], nextCursor: null, loading: true, loadingMore: false, failed: false };

/**
 * The rows of one tab as the server filtered them (`serverFilters` are the query parameters), kept live:
 * socket events update, reorder or move rows; an unknown conversation or a reconnect reloads the first page.
 */
export function useConversationList(status: ConversationStatus, serverFilters: Record<string, string>) {
  const [state, setState] = useState<ConversationListState>(INITIAL);
  const filtersKey = JSON.stringify(serverFilters);
  // Each load gets a number; answers of superseded loads are dropped.
  const generation = useRef(0);
  const latest = useRef({ status, filters: serverFilters, state });
  latest.current = { status, filters: serverFilters, state };

  const reload = useCallback(() => {
    const current = ++generation.current;
    const { status: tab, filters } = latest.current;
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    fetchConversationPage(tab, filters).then(
      (page) =>
        current === generation.current &&
        setState({ rows: page.list, nextCursor: page.nextCursor, loading: false, loadingMore: false, failed: false }),
      () => current === generation.current && setState((previous) => ({ ...previous, loading: false, failed: true })),
    );
  }, []);

  const loadMore = useCallback(() => {
    const { status: tab, filters, state: now } = latest.current;
    if (!now.nextCursor || now.loading || now.loadingMore) return;
    const current = generation.current;
    setState((previous) => ({ ...previous, loadingMore: true }));
    fetchConversationPage(tab, filters, now.nextCursor).then(
      (page) =>
        current === generation.current &&
        setState((previous) => {
          const loaded = new Set(previous.rows.map((row) => row.id));
          return {
            ...previous,
            rows: [...previous.rows, ...page.list.filter((row) => !loaded.has(row.id))],
            nextCursor: page.nextCursor,
            loadingMore: false,
          };
        }),
      () => current === generation.current && setState((previous) => ({ ...previous, loadingMore: false })),
    );
  }, []);

  /** After an action (Close, Archive) the server's copy decides which tab the conversation belongs to. */
  const upsert = useCallback((conversation: Conversation) => {
    setState((previous) => ({
      ...previous,
      rows: placeConversation(previous.rows, conversation, latest.current.status),
    }));
  }, []);

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
    const stopReconnect = onRealtimeReconnect(reload);
    return () => {
      stopMessages();
      stopReconnect();
    };
  }, [reload]);

  return { ...state, reload, loadMore, upsert };
}
