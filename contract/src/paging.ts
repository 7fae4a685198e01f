/** `?limit&page` of the paged lists, answered as `{ list, lastPage }`. */
import { z } from 'zod';
import { queryInt } from './fields';

export const DEFAULT_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 100;

/** Contacts and assets: '' or missing = the default. */
export const pageQuery = z.object({
  limit: queryInt(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  page: queryInt(1, 1_000_000),
});

export type PageQuery = z.output<typeof pageQuery>;
