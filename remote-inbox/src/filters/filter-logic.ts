import type { Conversation } from '@parley/shared';

/** What the filter bar holds. Dates are local calendar days `YYYY-MM-DD`, both ends inclusive. */
export interface ConversationFilters {
  text: string;
  from: string | null;
  to: string | null;
  customer: string;
}

export const EMPTY_FILTERS: ConversationFilters = { text: '', from: null, to: null, customer: '' };

const DAY_MS = 86_400_000;

function localDayStart(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date).getTime();
}

function contains(value: string | null | undefined, needle: string): boolean {
  return !!value && value.toLowerCase().includes(needle);
}

/**
 * One predicate built once per filter change, so filtering 10,000 rows does no repeated set-up work.
 * Free text: contact name, profile name, email or phone; customer: contact name or profile name; both
 * case-insensitive. Dates: the conversation's creation time falls within [from 00:00, to 24:00) local time.
 */
export function conversationPredicate(filters: ConversationFilters): (conversation: Conversation) => boolean {
  const text = filters.text.trim().toLowerCase();
  const customer = filters.customer.trim().toLowerCase();
  const fromMs = filters.from ? localDayStart(filters.from) : -Infinity;
  const toMs = filters.to ? localDayStart(filters.to) + DAY_MS : Infinity;
  const checksDates = fromMs !== -Infinity || toMs !== Infinity;
  return ({ contact, createdAt }) => {
    if (text && !(contains(contact.name, text) || contains(contact.profileName, text) || contains(contact.email, text) || contains(contact.phone, text))) {
      return false;
    }
    if (customer && !(contains(contact.name, customer) || contains(contact.profileName, customer))) return false;
    if (checksDates) {
      const created = Date.parse(createdAt);
      if (!(created >= fromMs && created < toMs)) return false;
    }
    return true;
  };
}

export function filterConversations(list: Conversation[], filters: ConversationFilters): Conversation[] {
  if (isEmptyFilters(filters)) return list;
  return list.filter(conversationPredicate(filters));
}

// A separator no typed text contains, so a search never matches across two fields.
const FIELD_SEPARATOR = '\u0000';

/** The loaded rows with their searchable text lower-cased once, so each keystroke does one `includes` per row. */
export interface ConversationIndex {
  conversations: Conversation[];
  anyField: string[];
  customerFields: string[];
  createdAt: number[];
}

export function indexConversations(conversations: Conversation[]): ConversationIndex {
  const anyField: string[] = [];
  const customerFields: string[] = [];
  const createdAt: number[] = [];
  for (const { contact, createdAt: created } of conversations) {
    const names = `${contact.name ?? ''}${FIELD_SEPARATOR}${contact.profileName ?? ''}`.toLowerCase();
    customerFields.push(names);
    anyField.push(`${names}${FIELD_SEPARATOR}${(contact.email ?? '').toLowerCase()}${FIELD_SEPARATOR}${(contact.phone ?? '').toLowerCase()}`);
    createdAt.push(Date.parse(created));
  }
  return { conversations, anyField, customerFields, createdAt };
}

/** Same result as `filterConversations(index.conversations, filters)`, in the same order. */
export function filterIndex(index: ConversationIndex, filters: ConversationFilters): Conversation[] {
  if (isEmptyFilters(filters)) return index.conversations;
  const text = filters.text.trim().toLowerCase();
  const customer = filters.customer.trim().toLowerCase();
  const fromMs = filters.from ? localDayStart(filters.from) : -Infinity;
  const toMs = filters.to ? localDayStart(filters.to) + DAY_MS : Infinity;
  const result: Conversation[] = [];
  for (let i = 0; i < index.conversations.length; i += 1) {
    if (text && !index.anyField[i].includes(text)) continue;
    if (customer && !index.customerFields[i].includes(customer)) continue;
    const created = index.createdAt[i];
    if (!(created >= fromMs && created < toMs)) continue;
    result.push(index.conversations[i]);
  }
  return result;
}

export function isEmptyFilters(filters: ConversationFilters): boolean {
  return !filters.text.trim() && !filters.customer.trim() && !filters.from && !filters.to;
}

function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The query the server gets (`q`, `from`, `to`, `customer`). The server reads date-only values in its own time
 * zone, so the range is widened by a day on each side: the server returns a superset and the client-side
 * predicate (local days) then keeps exactly the rows the user asked for.
 */
export function filterQueryParams(filters: ConversationFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.text.trim()) params.q = filters.text.trim();
  if (filters.customer.trim()) params.customer = filters.customer.trim();
  if (filters.from) params.from = shiftDay(filters.from, -1);
  if (filters.to) params.to = shiftDay(filters.to, 1);
  return params;
}
