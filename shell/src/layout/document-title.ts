import { useStore } from '@nanostores/react';
import { $isAuthenticated, useLanguage } from '@parley/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle } from './page-titles';
import { $unreadTotal, useUnreadTotal } from './unread-total';

/** Sets the browser tab's title for the page, with the unread total while signed in. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const authenticated = useStore($isAuthenticated);
  useUnreadTotal(authenticated);
  const unreadTotal = useStore($unreadTotal);
  const language = useLanguage();
  useEffect(() => {
    document.title = documentTitle(pathname, authenticated ? unreadTotal : 0);
  }, [pathname, authenticated, unreadTotal, language]);
}
