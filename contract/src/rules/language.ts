import type { Language } from '../values';

/**
 * The first of a person's languages (best first: `navigator.languages`, or an Accept-Language header's order) that
 * Parley has: any `pt*` is pt-BR, any `es*` is es, `en*` is en; else en.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (base === 'en') return 'en';
    if (base === 'pt') return 'pt-BR';
    if (base === 'es') return 'es';
  }
  return 'en';
}
