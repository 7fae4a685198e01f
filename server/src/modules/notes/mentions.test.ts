import { parseMentions } from './mentions';

const staff = [
  { id: 'adam', fullName: 'Adam Agent' },
  { id: 'ada', fullName: 'Ada Lovelace' },
  { id: 'bea1', fullName: 'Bea One' },
  { id: 'bea2', fullName: 'Bea Two' },
  { id: 'zoe', fullName: 'Zoë  Ng' },
];

describe('parseMentions', () => {
  it.each([
    ['@Adam Agent please call back', ['adam']],
    ['@adam please', ['adam']],
    ['cc @ADA.', ['ada']],
    ['@Ada Lovelace and @Adam', ['ada', 'adam']],
    ['(@Adam) twice @adam agent', ['adam']],
    ['@Bea One and @Bea Two', ['bea1', 'bea2']],
    ['@Zoë Ng, @zoë', ['zoe']],
  ])('%j mentions %j', (text, ids) => {
    expect(parseMentions(text, staff)).toEqual(ids);
  });

  it.each([
    ['no mention here', 'no @'],
    ['mail adam@example.com', 'an email address'],
    ['@Adamant is not Adam', 'a longer word'],
    ['@Bea knows', 'a first name two staff members share'],
    ['@ Adam', 'a space after @'],
    ['@Nobody', 'a name of no staff member'],
  ])('%j mentions nobody (%s)', (text) => {
    expect(parseMentions(text, staff)).toEqual([]);
  });
});
