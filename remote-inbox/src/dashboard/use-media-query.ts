import { useSyncExternalStore } from 'react';

/** docs/product-rules.md#constants: below 768 px the chat's Close and Archive collapse into a menu. */
export const NARROW_SCREEN_QUERY = '(max-width: 767.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
