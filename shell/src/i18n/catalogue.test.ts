import { catalogueProblems } from '../../../tooling/catalogue-check.cjs';

describe("the shell's catalogue", () => {
  it('has every text in every language, each used', () => {
    expect(catalogueProblems('shell')).toEqual([]);
  });
});
