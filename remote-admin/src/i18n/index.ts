import { registerCatalogue } from '@parley/shared';
import en from './en.json';
import es from './es.json';
import ptBR from './pt-BR.json';

/** remote-admin's texts: profile, users, credentials, reports (README "Languages"). */
export const texts = registerCatalogue('remote-admin', { en, 'pt-BR': ptBR, es });
