import { catalogueProblems } from '../../../tooling/catalogue-check.cjs';

// remote-inbox's texts (README "Languages"): en, pt-BR and es each have every text, with English's placeholders and the
// plural forms of the language, and every text is used by remote-inbox/src.
it('has every text in every language, and none unused', () => {
  expect(catalogueProblems('remote-inbox')).toEqual([]);
});
