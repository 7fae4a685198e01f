import { registerCatalogue } from '@parley/shared';
import en from './en.json';
import es from './es.json';
import ptBR from './pt-BR.json';

/** remote-auth's texts: the sign-in area (docs/product-rules.md#sign-in), English letter for letter (README "Languages"). */
export const texts = registerCatalogue('remote-auth', { en, 'pt-BR': ptBR, es });
