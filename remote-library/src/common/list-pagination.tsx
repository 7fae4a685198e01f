import { Pagination } from 'antd';
import { PAGE_SIZE_OPTIONS } from './page-sizes';
import type { Paging } from './use-paging';

interface ListPaginationProps {
  /**
   * The list's page and size (usePaging); `change` is called with the new page, and a new page size always
   * restarts at page 1 (docs/product-rules.md#paging).
   */
  paging: Paging;
  lastPage: number;
}

/** Pages of a server list answered as `{ list, lastPage }`, with a page-size choice. */
export function ListPagination({ paging: { page, pageSize, change: onChange }, lastPage }: ListPaginationProps) {
  return (
    <Pagination
      current={page}
      pageSize={pageSize}
      // The server tells the number of pages, not of items: this total gives exactly `lastPage` pages.
      total={Math.max(1, lastPage) * pageSize}
      showSizeChanger
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      onChange={(nextPage, nextSize) => (nextSize !== pageSize ? onChange(1, nextSize) : onChange(nextPage, nextSize))}
      style={{ marginTop: 16 }}
    />
  );
}
