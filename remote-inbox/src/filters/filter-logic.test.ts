import { aContact, aConversation } from '../test-support/fixtures';
import {
  EMPTY_FILTERS,
  filterConversations as filterByPredicate,
  filterIndex,
  filterQueryParams,
  indexConversations,
  isEmptyFilters,
  type ConversationFilters,
} from './filter-logic';
import type { Conversation } from '@parley/shared';

// Both ways of filtering (one row at a time, and the pre-indexed one the dashboard uses) must agree everywhere.
function filterConversations(list: Conversation[], filters: ConversationFilters): Conversation[] {
  const byPredicate = filterByPredicate(list, filters);
  expect(filterIndex(indexConversations(list), filters)).toEqual(byPredicate);
  return byPredicate;
}

const localIso = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

const ana = aConversation({
  contact: aContact({ name: 'Ana Souza', profileName: 'ana.s', email: 'Ana@Example.com', phone: '+15550101' }),
});
const bob = aConversation({ contact: aContact({ name: null, profileName: 'Bobby', email: null, phone: '+15550202' }) });
const carl = aConversation({
  contact: aContact({ name: 'Carl', profileName: null, email: 'carl@shop.io', phone: '447700900' }),
});
const all = [ana, bob, carl];

describe('free-text filter', () => {
  it.each([
    ['contact name', 'souza', [ana]],
    ['profile name', 'BOBBY', [bob]],
    ['email, case-insensitive', 'ana@example', [ana]],
    ['phone', '4477', [carl]],
    ['phone typed with + and spaces (phones are kept as digits)', '+44 7700', [carl]],
    ['surrounding spaces ignored', '  carl  ', [carl]],
    ['nothing matches', 'zed', []],
  ])('matches on %s', (_what, text, expected) => {
    expect(filterConversations(all, { ...EMPTY_FILTERS, text })).toEqual(expected);
  });
});

describe('customer filter', () => {
  it('matches contact name or profile name, not email or phone', () => {
    expect(filterConversations(all, { ...EMPTY_FILTERS, customer: 'bob' })).toEqual([bob]);
    expect(filterConversations(all, { ...EMPTY_FILTERS, customer: 'ana.S' })).toEqual([ana]);
    expect(filterConversations(all, { ...EMPTY_FILTERS, customer: 'shop.io' })).toEqual([]);
    expect(filterConversations(all, { ...EMPTY_FILTERS, customer: '5550' })).toEqual([]);
  });
});

describe('date range on creation', () => {
  const first = aConversation({ createdAt: localIso(2024, 5, 1, 0, 0) });
  const lateSecond = aConversation({ createdAt: localIso(2024, 5, 2, 23, 59) });
  const third = aConversation({ createdAt: localIso(2024, 5, 3, 0, 0) });
  const dated = [first, lateSecond, third];

  it('includes both ends, the whole of the last day', () => {
    expect(filterConversations(dated, { ...EMPTY_FILTERS, from: '2024-05-01', to: '2024-05-02' })).toEqual([
      first,
      lateSecond,
    ]);
  });
  it('works with only one end', () => {
    expect(filterConversations(dated, { ...EMPTY_FILTERS, from: '2024-05-02' })).toEqual([lateSecond, third]);
    expect(filterConversations(dated, { ...EMPTY_FILTERS, to: '2024-05-01' })).toEqual([first]);
  });
  it('combines with text filters', () => {
    const named = aConversation({ contact: aContact({ name: 'Dora' }), createdAt: localIso(2024, 5, 2, 12) });
    expect(
      filterConversations([...dated, named], { text: 'dora', customer: '', from: '2024-05-02', to: '2024-05-02' }),
    ).toEqual([named]);
  });
});

describe('indexed filtering', () => {
  it('never matches text spanning two fields', () => {
    const split = aConversation({ contact: aContact({ name: 'Ana', profileName: 'Bell', email: null, phone: '+1' }) });
    expect(filterConversations([split], { ...EMPTY_FILTERS, text: 'anabell' })).toEqual([]);
    expect(filterConversations([split], { ...EMPTY_FILTERS, customer: 'anab' })).toEqual([]);
  });
});

describe('empty filters', () => {
  it('keep every row', () => {
    expect(isEmptyFilters({ ...EMPTY_FILTERS, text: '   ' })).toBe(true);
    expect(filterConversations(all, EMPTY_FILTERS)).toEqual(all);
  });
});

describe('filterQueryParams', () => {
  it('sends only what is set, trimmed', () => {
    expect(filterQueryParams(EMPTY_FILTERS)).toEqual({});
    expect(filterQueryParams({ ...EMPTY_FILTERS, text: ' ana ', customer: 'Bob ' })).toEqual({
      q: 'ana',
      customer: 'Bob',
    });
  });
  it('sends the instants that start and end the chosen local days', () => {
    expect(filterQueryParams({ ...EMPTY_FILTERS, from: '2024-03-01', to: '2024-12-31' })).toEqual({
      from: new Date(2024, 2, 1).toISOString(),
      to: new Date(new Date(2025, 0, 1).getTime() - 1).toISOString(),
    });
  });
});

describe('label filter (issue #21)', () => {
  const vip = { id: 'l-vip', name: 'VIP', colour: 'gold' };
  const billing = { id: 'l-bill', name: 'Billing', colour: 'blue' };
  const labelled = [
    { ...ana, labels: [billing, vip] },
    { ...bob, labels: [billing] },
    { ...carl, labels: [] },
  ];

  it('keeps only the conversations carrying the label, combined with the other filters', () => {
    expect(filterConversations(labelled, { ...EMPTY_FILTERS, label: vip.id })).toEqual([labelled[0]]);
    expect(filterConversations(labelled, { ...EMPTY_FILTERS, label: billing.id })).toEqual(labelled.slice(0, 2));
    expect(filterConversations(labelled, { ...EMPTY_FILTERS, label: billing.id, text: 'bobby' })).toEqual([
      labelled[1],
    ]);
    expect(filterConversations(labelled, { ...EMPTY_FILTERS, label: 'l-gone' })).toEqual([]);
    expect(isEmptyFilters({ ...EMPTY_FILTERS, label: vip.id })).toBe(false);
  });

  it('asks the server for it', () => {
    expect(filterQueryParams({ ...EMPTY_FILTERS, label: vip.id })).toEqual({ label: vip.id });
    expect(filterQueryParams({ ...EMPTY_FILTERS, label: null })).toEqual({});
  });
});

describe('assignee views (issue #21)', () => {
  const me = { id: 'u-me', fullName: 'Me Myself' };
  const colleague = { id: 'u-col', fullName: 'Col League' };
  const rows = [
    { ...ana, assignee: me },
    { ...bob, assignee: colleague },
    { ...carl, assignee: null },
  ];
  const both = (filters: ConversationFilters, selfId?: string) => {
    const byPredicate = filterByPredicate(rows, filters, selfId);
    expect(filterIndex(indexConversations(rows), filters, selfId)).toEqual(byPredicate);
    return byPredicate;
  };

  it("keeps the caller's conversations in Mine, nobody's in Unassigned and all of them in All", () => {
    expect(both({ ...EMPTY_FILTERS, assignee: 'me' }, me.id)).toEqual([rows[0]]);
    expect(both({ ...EMPTY_FILTERS, assignee: 'unassigned' }, me.id)).toEqual([rows[2]]);
    expect(both({ ...EMPTY_FILTERS, assignee: null }, me.id)).toEqual(rows);
    expect(both({ ...EMPTY_FILTERS, assignee: 'me', text: 'bob' }, colleague.id)).toEqual([rows[1]]);
    // Nobody signed in yet: Mine is empty.
    expect(both({ ...EMPTY_FILTERS, assignee: 'me' })).toEqual([]);
    expect(isEmptyFilters({ ...EMPTY_FILTERS, assignee: 'unassigned' })).toBe(false);
  });

  it('lets a row leave Mine or Unassigned when its assignee changes (the live predicate)', () => {
    const stillMine = { ...rows[0], assignee: colleague };
    expect(filterByPredicate([stillMine], { ...EMPTY_FILTERS, assignee: 'me' }, me.id)).toEqual([]);
    const taken = { ...rows[2], assignee: me };
    expect(filterByPredicate([taken], { ...EMPTY_FILTERS, assignee: 'unassigned' }, me.id)).toEqual([]);
  });

  it('asks the server for it', () => {
    expect(filterQueryParams({ ...EMPTY_FILTERS, assignee: 'me' })).toEqual({ assignee: 'me' });
    expect(filterQueryParams({ ...EMPTY_FILTERS, assignee: 'unassigned' })).toEqual({ assignee: 'unassigned' });
    expect(filterQueryParams({ ...EMPTY_FILTERS, assignee: null })).toEqual({});
  });
});

describe('search in messages: rows the server found by a message', () => {
  it('pass the free-text filter by their snippet, any case, and no other row does', () => {
    const found = aConversation({
      contact: aContact({ name: 'Dora', profileName: null, email: null, phone: '+15550303' }),
      match: { messageId: 'm-1', text: '…where is my Parcel 4471?' },
    });
    expect(filterConversations([...all, found], { ...EMPTY_FILTERS, text: 'parcel 44' })).toEqual([found]);
    expect(filterConversations([...all, found], { ...EMPTY_FILTERS, text: 'refund' })).toEqual([]);
  });
});
