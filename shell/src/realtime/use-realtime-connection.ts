import { useStore } from '@nanostores/react';
import { $isAuthenticated, closeRealtime, openRealtime, readToken } from '@parley/shared';
import { useEffect } from 'react';

/** The shell owns the page's one socket: open while authenticated, closed otherwise (docs/product-rules.md#realtime). */
export function useRealtimeConnection(): void {
  const isAuthenticated = useStore($isAuthenticated);
  useEffect(() => {
    const token = readToken();
    if (!isAuthenticated || !token) {
      closeRealtime();
      return;
    }
    openRealtime();
    return () => closeRealtime();
  }, [isAuthenticated]);
}
