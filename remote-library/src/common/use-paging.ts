import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './page-sizes';

/** Page and page size of a paged list, and `change` to move; what usePaging answers. */
export interface Paging {
  page: number;
  pageSize: number;
  change(page: number, pageSize: number): void;
}

/** Page and page size of a paged list; changing the size goes back to page 1. */
export function usePaging(initialSize = DEFAULT_PAGE_SIZE): Paging {
  const [paging, setPaging] = useState({ page: 1, pageSize: initialSize });
  const change = useCallback(
    (page: number, pageSize: number) =>
      setPaging((current) => (pageSize !== current.pageSize ? { page: 1, pageSize } : { page, pageSize })),
    [],
  );
  return { ...paging, change };
}
