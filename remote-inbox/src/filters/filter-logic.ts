import type { Conversation } from '@parley/shared';

/** What the filter bar holds. Dates are local calendar days `YYYY-MM-DD`, both ends inclusive. */
export interface ConversationFilters {
  text: string;
  from: string | null;
  to: string | null;
  customer: string;
  /** A label's id (issue #21): only conversations carrying it. */
  label?: string | null;
  /** Whose conversations (issue #21): the caller's, nobody's; absent or null: everyone's ("All"). */
  assignee?: AssigneeView | null;
}

export type AssigneeView = 'me' | 'unassigned';

/** Whether a conversation belongs in an assignee view; `selfId` is the signed-in staff member. */
function inAssigneeView(view: AssigneeView | null, conversation: Conversation, selfId: string | undefined): boolean {
  if (view === 'unassigned') return !conversation.assignee;
  if (view === 'me') return !!conversation.assignee && conversation.assignee.id === selfId;
  return true;
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
 * Phones are kept as digits (WhatsApp's wa_id), so a typed "+1 (555) 010" also looks for "1555010" in phones,
 * exactly as the server does: rows the server finds must not be hidden here.
 */
function phoneDigits(text: string): string | undefined {
  const digits = text.replace(/\D/g, '');
  return digits && /^[\d\s()+.-]+$/.test(text) && digits !== text ? digits : undefined;
}

/**
 * One predicate built once per filter change, so filtering 10,000 rows does no repeated set-up work.
 * Free text: contact name, profile name, email or phone, or the snippet of a row found by a message; customer: contact name or profile name; both
 * case-insensitive. Dates: the conversation's creation time falls within [from 00:00, to 24:00) local time.
 */
export function conversationPredicate(
  filters: ConversationFilters,
  selfId?: string,
): (conversation: Conversation) => boolean {
  const text = filters.text.trim().toLowerCase();
  const digits = phoneDigits(text);
  const customer = filters.customer.trim().toLowerCase();
  const fromMs = filters.from ? localDayStart(filters.from) : -Infinity;
  const toMs = filters.to ? localDayStart(filters.to) + DAY_MS : Infinity;
  const checksDates = fromMs !== -Infinity || toMs !== Infinity;
  const label = filters.label || null;
  const assignee = filters.assignee || null;
  return (conversation) => {
    const { contact, createdAt, labels } = conversation;
    if (label && !labels?.some((on) => on.id === label)) return false;
    if (!inAssigneeView(assignee, conversation, selfId)) return false;
    const textMatches =
      contains(contact.name, text) ||
      contains(contact.profileName, text) ||
      contains(contact.email, text) ||
      contains(contact.phone, text) ||
      (!!digits && contains(contact.phone, digits)) ||
      // Found by a message (search in messages): the server's snippet holds the hit.
      contains(conversation.match?.text, text);
    if (text && !textMatches) return false;
    if (customer && !(contains(contact.name, customer) || contains(contact.profileName, customer))) return false;
    if (checksDates) {
      const created = Date.parse(createdAt);
      if (!(created >= fromMs && created < toMs)) return false;
    }
    return true;
  };
}

export function filterConversations(
  list: Conversation[],
  filters: ConversationFilters,
  selfId?: string,
): Conversation[] {
  if (isEmptyFilters(filters)) return list;
  return list.filter(conversationPredicate(filters, selfId));
}

// A separator no typed text contains, so a search never matches across two fields.
const FIELD_SEPARATOR = '\u0000';

/** The loaded rows with their searchable text lower-cased once, so each keystroke does one `includes` per row. */
export interface ConversationIndex {
  conversations: Conversation[];
  anyField: string[];
  phones: string[];
  customerFields: string[];
  createdAt: number[];
}

export function indexConversations(conversations: Conversation[]): ConversationIndex {
  const anyField: string[] = [];
  const phones: string[] = [];
  const customerFields: string[] = [];
  const createdAt: number[] = [];
  for (const { contact, createdAt: created, match } of conversations) {
    const names = `${contact.name ?? ''}${FIELD_SEPARATOR}${contact.profileName ?? ''}`.toLowerCase();
    customerFields.push(names);
    anyField.push(
      `${names}${FIELD_SEPARATOR}${(contact.email ?? '').toLowerCase()}${FIELD_SEPARATOR}${(contact.phone ?? '').toLowerCase()}${FIELD_SEPARATOR}${(match?.text ?? '').toLowerCase()}`,
    );
    phones.push((contact.phone ?? '').toLowerCase());
    createdAt.push(Date.parse(created));
  }
  return { conversations, anyField, phones, customerFields, createdAt };
}

/** Same result as `filterConversations(index.conversations, filters)`, in the same order. */
export function filterIndex(index: ConversationIndex, filters: ConversationFilters, selfId?: string): Conversation[] {
  if (isEmptyFilters(filters)) return index.conversations;
  const text = filters.text.trim().toLowerCase();
  const digits = phoneDigits(text);
  const customer = filters.customer.trim().toLowerCase();
  const fromMs = filters.from ? localDayStart(filters.from) : -Infinity;
  const toMs = filters.to ? localDayStart(filters.to) + DAY_MS : Infinity;
  const label = filters.label || null;
  const assignee = filters.assignee || null;
  const result: Conversation[] = [];
  for (let i = 0; i < index.conversations.length; i += 1) {
    if (label && !index.conversations[i].labels?.some((on) => on.id === label)) continue;
    if (!inAssigneeView(assignee, index.conversations[i], selfId)) continue;
    if (text && !index.anyField[i].includes(text) && !(digits && index.phones[i].includes(digits))) continue;
    if (customer && !index.customerFields[i].includes(customer)) continue;
    const created = index.createdAt[i];
    if (!(created >= fromMs && created < toMs)) continue;
    result.push(index.conversations[i]);
  }
  return result;
}

export function isEmptyFilters(filters: ConversationFilters): boolean {
  return (
    !filters.text.trim() &&
    !filters.customer.trim() &&
    !filters.from &&
    !filters.to &&
    !filters.label &&
    !filters.assignee
  );
}

/**
 * The query the server gets (`q`, `from`, `to`, `customer`, `label`, `assignee`). Dates go as the exact instants that start and end
 * the user's local days (the server reads a date-only value as a UTC day, which is not what the user picked).
 */
export function filterQueryParams(filters: ConversationFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.text.trim()) params.q = filters.text.trim();
  if (filters.customer.trim()) params.customer = filters.customer.trim();
  if (filters.label) params.label = filters.label;
  if (filters.assignee) params.assignee = filters.assignee;
  if (filters.from) params.from = new Date(localDayStart(filters.from)).toISOString();
  if (filters.to) params.to = new Date(localDayStart(filters.to) + DAY_MS - 1).toISOString();
  return params;
}
