import { registerCatalogue } from './catalogue';
import en from './en.json';
import es from './es.json';
import ptBR from './pt-BR.json';

/** @parley/shared's own texts: its components' and the server's refusals by code (`errors.<code>`). */
export const sharedTexts = registerCatalogue('shared', { en, 'pt-BR': ptBR, es });
