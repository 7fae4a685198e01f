/** `?limit&page` of the paged library lists (contacts, assets), answered as `{ list, lastPage }`. */
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 100;

const positiveInt = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : Number(value)),
    z.number().int().min(1).max(max),
  );

export const pageQuery = z.object({
  limit: positiveInt(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  page: positiveInt(1, 1_000_000),
});

export type PageQuery = z.output<typeof pageQuery>;

/** At least 1, so an empty list still has a page to show. */
export const lastPageOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else cannot exist, and must not reach PostgreSQL (a cast error would be a 500). */
export const isUuid = (value: string) => UUID.test(value);
