import { createRoot } from 'react-dom/client';
import { App } from './app';
import { mountOverrideBadge } from './federation/override-badge';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
mountOverrideBadge();
