import { catalogueProblems } from '../../../tooling/catalogue-check.cjs';

describe("remote-admin's catalogue", () => {
  it('has every text in every language, each used', () => {
    expect(catalogueProblems('remote-admin')).toEqual([]);
  });
});
