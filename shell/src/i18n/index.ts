import { registerCatalogue } from '@parley/shared';
import en from './en.json';
import es from './es.json';
import ptBR from './pt-BR.json';

/** The shell's texts: menu, page titles, banners, 404 (README "Languages"). */
export const texts = registerCatalogue('shell', { en, 'pt-BR': ptBR, es });
