import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it('is the best of en, pt-BR and es among a person’s languages, else English', () => {
    expect(pickLanguage(['pt-PT', 'en'])).toBe('pt-BR');
    expect(pickLanguage(['pt'])).toBe('pt-BR');
    expect(pickLanguage(['es-MX'])).toBe('es');
    expect(pickLanguage(['de-DE', 'es-AR', 'en'])).toBe('es');
    expect(pickLanguage(['de-DE', 'fr'])).toBe('en');
    expect(pickLanguage(['en-GB', 'pt-BR'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('reads an Accept-Language header’s wildcard as no preference', () => {
    expect(pickLanguage(['*'])).toBe('en');
  });
});
