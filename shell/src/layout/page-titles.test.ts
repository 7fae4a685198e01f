import { documentTitle } from './page-titles';

describe('documentTitle', () => {
  it('names the page, and puts the unread total first when there is one', () => {
    expect(documentTitle('/contacts', 0)).toBe('Contacts · Parley');
    expect(documentTitle('/main', 3)).toBe('(3) Dashboard · Parley');
    expect(documentTitle('/no-such-page', 0)).toBe('Page Not Found · Parley');
  });
});
