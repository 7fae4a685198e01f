import { theme } from 'antd';
import { useEffect } from 'react';
import { useDarkMode } from './parley-theme';

/**
 * Paints what lies outside every antd component — the page behind the login form, the scroll bars, native form
 * controls — in the current mode, and names the mode on <html data-parley-theme>. The shell renders it once,
 * inside ParleyThemeProvider.
 */
export function DocumentTheme() {
  const dark = useDarkMode();
  const { token } = theme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = dark ? 'dark' : 'light';
    // For the few colours of our own that antd has no variable for (WhatsApp's chat colours: remote-inbox).
    root.dataset.parleyTheme = dark ? 'dark' : 'light';
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [dark, token.colorBgLayout, token.colorText]);
  return null;
}
