import { registerCatalogue } from './catalogue';
import en from './en.json';

/** @parley/shared's own texts: its components' and the server's refusals by code (`errors.<code>`). */
export const sharedTexts = registerCatalogue('shared', {
  en,
  // Fetched when that language is wanted, so each page carries only the language it shows.
  'pt-BR': () => import('./pt-BR.json'),
  es: () => import('./es.json'),
});
