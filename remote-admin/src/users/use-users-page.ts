import { useStore } from '@nanostores/react';
import { answerCache, createFetcherStore, type AccountUser, type Paged } from '@parley/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usersApi } from './users-api';
import { DEFAULT_PAGE_SIZE } from './user-texts';

export interface UserPage {
  users: AccountUser[];
  lastPage: number;
  limit: number;
  page: number;
  loading: boolean;
  loadError: unknown;
  setLimit(limit: number): void;
  setPage(page: number): void;
  reload(): Promise<void>;
}

const USERS_URL = '/api/account/users';
const EMPTY: Paged<AccountUser> = { list: [], lastPage: 1 };

/**
 * One page of the User List, through the shared answer cache: a page's answer is cached by its address, and only
 * the answer for the page now asked for reaches the table (a slow answer for an older page never wins). A new
 * limit goes back to page 1 (docs/product-rules.md#paging, #page-sizes).
 */
export function useUsersPage(): UserPage {
  const [limit, setLimitState] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const store = useMemo(
    () =>
      createFetcherStore<Paged<AccountUser>>([`${USERS_URL}?limit=${limit}&page=${page}`], {
        fetcher: () => usersApi.list(limit, page),
      }),
    [limit, page],
  );
  const { data, error, loading } = useStore(store);
  // The rows of the last answer stay on screen while the next page loads.
  const shown = useRef(EMPTY);
  if (data) shown.current = { list: data.list, lastPage: Math.max(1, data.lastPage) };
  const { list, lastPage } = shown.current;

  // The page may have emptied (last user on it deleted): step back to the new last page.
  useEffect(() => {
    if (data && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  const reload = useCallback(async () => answerCache.revalidateKeys((key) => key.startsWith(USERS_URL)), []);

  const setLimit = useCallback((next: number) => {
    setLimitState(next);
    setPage(1);
  }, []);

  return { users: list, lastPage, limit, page, loading, loadError: error ?? null, setLimit, setPage, reload };
}
