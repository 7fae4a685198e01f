import type { ConversationStatus } from '@parley/shared';
import { EMPTY_FILTERS, type AssigneeView, type ConversationFilters } from './filter-logic';

/**
 * Where the dashboard is, as its query string: `?conversation=<id>&message=<id>&tab=closed&q=…&customer=…&from=…&to=…&label=…&assignee=me|unassigned`
 * (dates as the user's local days `YYYY-MM-DD`). A reload or a shared link opens the same place, and each place
 * is one browser history entry. Values left at their defaults are left out, so `/main` is the plain dashboard.
 */
export interface DashboardPlace {
  conversationId: string | null;
  /** `?message=<id>`: the open conversation's message to scroll to and highlight (a row found by a message). */
  messageId?: string | null;
  tab: ConversationStatus;
  filters: ConversationFilters;
}

export const DEFAULT_PLACE: DashboardPlace = { conversationId: null, tab: 'active', filters: EMPTY_FILTERS };

const TABS: readonly ConversationStatus[] = ['active', 'closed', 'archived'];
const LOCAL_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ASSIGNEE_VIEWS: readonly AssigneeView[] = ['me', 'unassigned'];

function day(value: string | null): string | null {
  return value && LOCAL_DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** Reads a place from a query string (with or without its '?'); anything unknown or malformed is the default. */
export function parsePlace(search: string): DashboardPlace {
  const query = new URLSearchParams(search);
  const tab = query.get('tab');
  return {
    conversationId: query.get('conversation') || null,
    ...(query.get('conversation') && query.get('message') ? { messageId: query.get('message') } : {}),
    tab: TABS.includes(tab as ConversationStatus) ? (tab as ConversationStatus) : 'active',
    filters: {
      text: query.get('q') ?? '',
      customer: query.get('customer') ?? '',
      from: day(query.get('from')),
      to: day(query.get('to')),
      ...(query.get('label') ? { label: query.get('label') } : {}),
      ...(ASSIGNEE_VIEWS.includes(query.get('assignee') as AssigneeView)
        ? { assignee: query.get('assignee') as AssigneeView }
        : {}),
    },
  };
}

/** The query string of a place ('' for the default one, else starting with '?'). */
export function placeSearch(place: DashboardPlace): string {
  const query = new URLSearchParams();
  if (place.conversationId) query.set('conversation', place.conversationId);
  if (place.conversationId && place.messageId) query.set('message', place.messageId);
  if (place.tab !== 'active') query.set('tab', place.tab);
  if (place.filters.text.trim()) query.set('q', place.filters.text.trim());
  if (place.filters.customer.trim()) query.set('customer', place.filters.customer.trim());
  if (place.filters.from) query.set('from', place.filters.from);
  if (place.filters.to) query.set('to', place.filters.to);
  if (place.filters.label) query.set('label', place.filters.label);
  if (place.filters.assignee) query.set('assignee', place.filters.assignee);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** True when two sets of filters ask the server the same thing (spaces around typed text do not count). */
export function sameFilters(a: ConversationFilters, b: ConversationFilters): boolean {
  return (
    a.text.trim() === b.text.trim() &&
    a.customer.trim() === b.customer.trim() &&
    a.from === b.from &&
    a.to === b.to &&
    (a.label || null) === (b.label || null) &&
    (a.assignee || null) === (b.assignee || null)
  );
}
