/** Paged lists answer `{ list, lastPage }` (the query, `?limit&page`, is the contract's pageQuery). */

/** At least 1, so an empty list still has a page to show. */
export const lastPageOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
