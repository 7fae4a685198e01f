import { registerCatalogue } from '@parley/shared';
import en from './en.json';

/**
 * remote-inbox's texts, registered when the remote's code loads (so a remote deployed alone brings its own); a text
 * missing in a language falls back to English (docs/decisions/0006-languages.md).
 */
export const texts = registerCatalogue('remote-inbox', {
  en,
  // Fetched when that language is wanted, so each page carries only the language it shows.
  'pt-BR': () => import('./pt-BR.json'),
  es: () => import('./es.json'),
});

/** `t` outside React (rules, formatters); components use `useTexts(texts)` so they repaint on a language change. */
export const t = texts.t;
