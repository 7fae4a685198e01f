import { useStore } from '@nanostores/react';
import { answerCache, createFetcherStore } from '@parley/shared';
import { useMemo } from 'react';

export interface ServerAnswer<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
}

/**
 * The cached server answer for a GET address (the shared answer cache: unused answers live 60 s, failures are
 * not retried). A new address gets its own store; an address seen recently shows its cached answer at once.
 */
export function useServerAnswer<T>(url: string): ServerAnswer<T> {
  const store = useMemo(() => createFetcherStore<T>([url]), [url]);
  return useStore(store);
}

/** Refetches every cached answer whose address starts with `prefix` (after a change the list must show). */
export function reloadAnswers(prefix: string): void {
  answerCache.revalidateKeys((key) => key.startsWith(prefix));
}
