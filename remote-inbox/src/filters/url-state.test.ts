import { EMPTY_FILTERS } from './filter-logic';
import { DEFAULT_PLACE, parsePlace, placeSearch, sameFilters } from './url-state';

describe('dashboard place in the query string', () => {
  it('reads the conversation, the tab and every filter', () => {
    expect(parsePlace('?conversation=c-1&tab=closed&q=ana%20souza&customer=Bob&from=2024-05-01&to=2024-05-03')).toEqual(
      {
        conversationId: 'c-1',
        tab: 'closed',
        filters: { text: 'ana souza', customer: 'Bob', from: '2024-05-01', to: '2024-05-03' },
      },
    );
  });

  it('opens the plain dashboard for an empty or unknown query', () => {
    expect(parsePlace('')).toEqual(DEFAULT_PLACE);
    expect(parsePlace('?tab=deleted&from=yesterday&to=2024-13-45&other=1')).toEqual(DEFAULT_PLACE);
  });

  it('writes only what differs from the plain dashboard', () => {
    expect(placeSearch(DEFAULT_PLACE)).toBe('');
    expect(placeSearch({ ...DEFAULT_PLACE, conversationId: 'c-1' })).toBe('?conversation=c-1');
    expect(
      placeSearch({ conversationId: null, tab: 'archived', filters: { ...EMPTY_FILTERS, text: '  +1 555  ' } }),
    ).toBe('?tab=archived&q=%2B1+555');
  });

  it('reads back what it wrote', () => {
    const place = {
      conversationId: 'c/2',
      tab: 'archived' as const,
      filters: { text: 'a&b=c', customer: 'Zoë', from: '2024-01-31', to: null },
    };
    expect(parsePlace(placeSearch(place))).toEqual(place);
  });

  it('keeps the message to scroll to (search in messages) with its conversation only', () => {
    const place = {
      ...DEFAULT_PLACE,
      conversationId: 'c-1',
      messageId: 'm-1',
      filters: { ...EMPTY_FILTERS, text: 'refund' },
    };
    expect(placeSearch(place)).toBe('?conversation=c-1&message=m-1&q=refund');
    expect(parsePlace(placeSearch(place))).toEqual(place);
    expect(placeSearch({ ...DEFAULT_PLACE, messageId: 'm-1' })).toBe('');
    expect(parsePlace('?message=m-1')).toEqual(DEFAULT_PLACE);
  });

  it('keeps the label filter (issue #21) in the address', () => {
    const place = { ...DEFAULT_PLACE, filters: { ...EMPTY_FILTERS, label: 'l-1' } };
    expect(placeSearch(place)).toBe('?label=l-1');
    expect(parsePlace('?label=l-1')).toEqual(place);
    expect(sameFilters(place.filters, EMPTY_FILTERS)).toBe(false);
    expect(sameFilters({ ...EMPTY_FILTERS, label: null }, EMPTY_FILTERS)).toBe(true);
  });

  it('keeps the assignee view (issue #21) in the address; All is the default', () => {
    const mine = { ...DEFAULT_PLACE, filters: { ...EMPTY_FILTERS, assignee: 'me' as const } };
    expect(placeSearch(mine)).toBe('?assignee=me');
    expect(parsePlace('?assignee=me')).toEqual(mine);
    expect(parsePlace('?assignee=unassigned&tab=closed').filters.assignee).toBe('unassigned');
    expect(parsePlace('?assignee=someone')).toEqual(DEFAULT_PLACE);
    expect(sameFilters(mine.filters, EMPTY_FILTERS)).toBe(false);
    expect(sameFilters({ ...EMPTY_FILTERS, assignee: null }, EMPTY_FILTERS)).toBe(true);
  });

  it('compares filters the way the server reads them', () => {
    expect(sameFilters({ ...EMPTY_FILTERS, text: 'ana ' }, { ...EMPTY_FILTERS, text: 'ana' })).toBe(true);
    expect(sameFilters({ ...EMPTY_FILTERS, from: '2024-05-01' }, EMPTY_FILTERS)).toBe(false);
  });
});
