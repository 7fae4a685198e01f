import { registerCatalogue } from '@parley/shared';
import en from './en.json';

/** remote-admin's texts: profile, users, credentials, reports (README "Languages"). */
export const texts = registerCatalogue('remote-admin', {
  en,
  // Fetched when that language is wanted, so each page carries only the language it shows.
  'pt-BR': () => import('./pt-BR.json'),
  es: () => import('./es.json'),
});
