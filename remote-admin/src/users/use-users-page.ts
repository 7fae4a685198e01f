import type { Paged, AccountUser } from '@parley/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
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

/** One page of the staff list; a new limit goes back to page 1 (docs/product-rules.md#paging, #page-sizes). */
export function useUsersPage(): UserPage {
  const [limit, setLimitState] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Paged<AccountUser>>({ list: [], lastPage: 1 });
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  // Only the newest request may fill the table (a slow answer for an older page must not win).
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    try {
      const data = await usersApi.list(limit, page);
      if (request !== latest.current) return;
      setAnswer({ list: data.list, lastPage: Math.max(1, data.lastPage) });
      setLoadError(null);
      // The page may have emptied (last user on it deleted): step back to the new last page.
      if (page > Math.max(1, data.lastPage)) setPage(Math.max(1, data.lastPage));
    } catch (error) {
      if (request === latest.current) setLoadError(error);
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [limit, page]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setLimit = useCallback((next: number) => {
    setLimitState(next);
    setPage(1);
  }, []);

  return { users: answer.list, lastPage: answer.lastPage, limit, page, loading, loadError, setLimit, setPage, reload };
}
