import { ERROR_TEXTS } from '@parley/contract';
import { catalogueProblems } from '../../../tooling/catalogue-check.cjs';
import en from './en.json';

describe("@parley/shared's catalogue", () => {
  it('has every text in every language, each used (error texts are looked up by code)', () => {
    expect(catalogueProblems('shared', { builtAtRunTime: ['errors.'] })).toEqual([]);
  });

  it("has the server's refusals letter for letter in English, one per code", () => {
    expect(en.errors).toEqual(ERROR_TEXTS);
  });
});
