// docs/product-rules.md#page-sizes; the User List's texts are in the catalogue (src/i18n, `users`).
export const PAGE_SIZES = [5, 10, 15, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 5;
