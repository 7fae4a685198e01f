import { languageReady } from '@parley/shared';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { mountOverrideBadge } from './federation/override-badge';

// The first paint is in the user's language: its catalogues (the shell's, @parley/shared's) and antd's locale
// are fetched first when it is not English.
void languageReady().then(() => {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
  mountOverrideBadge();
});
