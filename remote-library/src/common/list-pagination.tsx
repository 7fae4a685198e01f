import { Pagination } from 'antd';
import { PAGE_SIZE_OPTIONS } from './page-sizes';

interface ListPaginationProps {
  page: number;
  pageSize: number;
  lastPage: number;
  /** Called with the new page; a new page size always restarts at page 1 (docs/product-rules.md#paging). */
  onChange(page: number, pageSize: number): void;
}

/** Pages of a server list answered as `{ list, lastPage }`, with a page-size choice. */
export function ListPagination({ page, pageSize, lastPage, onChange }: ListPaginationProps) {
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
