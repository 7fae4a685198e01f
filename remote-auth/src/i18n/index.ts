import { registerCatalogue } from '@parley/shared';
import en from './en.json';

/** remote-auth's texts: the sign-in area (docs/product-rules.md#sign-in), English letter for letter (README "Languages"). */
export const texts = registerCatalogue('remote-auth', {
  en,
  // Fetched when that language is wanted, so each page carries only the language it shows.
  'pt-BR': () => import('./pt-BR.json'),
  es: () => import('./es.json'),
});
