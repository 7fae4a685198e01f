// The shell's app, booted without /remotes.json or federation: every page is already in this bundle.
import { createRoot } from 'react-dom/client';
import { App } from '../../../shell/src/app';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
