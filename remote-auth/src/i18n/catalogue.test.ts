import { catalogueProblems } from '../../../tooling/catalogue-check.cjs';

describe("remote-auth's catalogue", () => {
  it('has every text in every language, each used', () => {
    expect(catalogueProblems('remote-auth')).toEqual([]);
  });
});
