/** Contacts and assets open at 5 per page (docs/product-rules.md#page-sizes); the other choices are ours. */
export const DEFAULT_PAGE_SIZE = 5;
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50];
