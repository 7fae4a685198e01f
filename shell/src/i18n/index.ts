import { registerCatalogue } from '@parley/shared';
import en from './en.json';

/** The shell's texts: menu, page titles, banners, 404 (README "Languages"). */
export const texts = registerCatalogue('shell', {
  en,
  // Fetched when that language is wanted, so each page carries only the language it shows.
  'pt-BR': () => import('./pt-BR.json'),
  es: () => import('./es.json'),
});
