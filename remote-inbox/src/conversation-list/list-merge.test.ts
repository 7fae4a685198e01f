import type { Conversation, Message, RealtimeMessageEvent } from '@parley/shared';
import { aConversation, aMessage } from '../test-support/fixtures';
import { applyConversationEvent, applyLiveEvent, isNotOlder, placeConversation, preferNewer } from './list-merge';

const closed = aConversation({
  id: 'c1',
  status: 'closed',
  lastMessage: { incoming: false, timestamp: '2024-05-01T10:00:00Z' },
});
const archived = aConversation({
  id: 'c2',
  status: 'archived',
  lastMessage: { incoming: false, timestamp: '2024-05-01T10:00:00Z' },
});
const active = aConversation({
  id: 'c3',
  status: 'active',
  lastMessage: { incoming: false, timestamp: '2024-05-01T10:00:00Z' },
});
const newer = (conversationId: string, direction: 'incoming' | 'outgoing' = 'incoming') =>
  aMessage({ conversationId, direction, createdAt: '2024-05-01T11:00:00Z', updatedAt: '2024-05-01T11:00:00Z' });
/** The event as the server sends it: the message and its conversation as they are after it. */
const event = (message: Message, conversation: Conversation): RealtimeMessageEvent => ({
  conversationId: conversation.id,
  message,
  conversation,
});
const afterNewer = (conversation: Conversation, status: Conversation['status'], incoming = true): Conversation => ({
  ...conversation,
  status,
  lastMessage: { incoming, timestamp: '2024-05-01T11:00:00Z' },
});

describe('applyLiveEvent', () => {
  it('moves a closed conversation to Active on a new message', () => {
    const onClosedTab = applyLiveEvent([closed], event(newer('c1'), afterNewer(closed, 'active')), 'closed');
    expect(onClosedTab).toEqual({ kind: 'rows', rows: [] });
  });

  it('keeps an archived conversation archived, with its new last message', () => {
    const result = applyLiveEvent([archived], event(newer('c2'), afterNewer(archived, 'archived')), 'archived');
    expect(result.kind === 'rows' && result.rows[0]).toMatchObject({
      status: 'archived',
      lastMessage: { incoming: true, timestamp: '2024-05-01T11:00:00Z' },
    });
  });

  it('records an outgoing last message, which loses the green Chat', () => {
    const sent = event(newer('c3', 'outgoing'), afterNewer(active, 'active', false));
    const result = applyLiveEvent([active], sent, 'active');
    expect(result.kind === 'rows' && result.rows[0].lastMessage).toEqual({
      incoming: false,
      timestamp: '2024-05-01T11:00:00Z',
    });
  });

  it('leaves the rows alone for a status update of an older message (a closed conversation stays closed)', () => {
    const rows = [closed];
    const statusUpdate = aMessage({
      conversationId: 'c1',
      direction: 'outgoing',
      status: 'read',
      createdAt: '2024-05-01T10:00:00Z',
      updatedAt: '2024-05-01T12:00:00Z',
    });
    const result = applyLiveEvent(rows, event(statusUpdate, closed), 'closed');
    expect(result).toEqual({ kind: 'rows', rows });
  });

  it('asks for a reload when a conversation new to this tab belongs in it', () => {
    const fresh = aConversation({ id: 'new', status: 'active' });
    expect(applyLiveEvent([active], event(newer('new'), fresh), 'active')).toEqual({ kind: 'unknown' });
  });

  it('leaves a tab alone when a conversation it does not show does not belong in it', () => {
    const fresh = aConversation({ id: 'new', status: 'active' });
    expect(applyLiveEvent([closed], event(newer('new'), fresh), 'closed')).toEqual({ kind: 'rows', rows: [closed] });
  });

  it('takes it out of a tab it no longer belongs to', () => {
    const nowActive = { ...closed, status: 'active' as const };
    const result = applyLiveEvent([closed, archived], event(newer('c1'), nowActive), 'closed');
    expect(result.kind === 'rows' && result.rows.map((c) => c.id)).toEqual(['c2']);
  });
});

describe('placeConversation', () => {
  it('replaces in place when the status still matches the tab', () => {
    const renamed = { ...active, contact: { ...active.contact, name: 'Renamed' } };
    expect(placeConversation([closed, active], renamed, 'active')).toEqual([closed, renamed]);
  });
});

describe('applyConversationEvent (someone changed a conversation)', () => {
  const everything = () => true;

  it('moves a closed conversation out of Active and into Closed, never into both', () => {
    const nowClosed = { ...active, status: 'closed' as const };
    expect(applyConversationEvent([active], nowClosed, 'active', everything)).toEqual([]);
    expect(applyConversationEvent([closed], nowClosed, 'closed', everything).map((c) => c.id)).toEqual(['c3', 'c1']);
  });

  it('adds a reopened conversation to Active only when it passes the filters of the tab', () => {
    const reopened = { ...archived, status: 'active' as const };
    expect(applyConversationEvent([], reopened, 'active', () => false)).toEqual([]);
    expect(applyConversationEvent([], reopened, 'active', everything)).toEqual([reopened]);
  });

  it('never lists a conversation without a last message', () => {
    const empty = aConversation({ status: 'active', lastMessage: null });
    expect(applyConversationEvent([], empty, 'active', everything)).toEqual([]);
  });

  it('updates the contact name and the unread count in place', () => {
    const renamed = { ...active, contact: { ...active.contact, name: 'Zed' }, unreadCount: 3 };
    expect(applyConversationEvent([closed, active], renamed, 'active', everything)).toEqual([closed, renamed]);
  });

  it('keeps the unread count when the account-wide message event brings a copy without one', () => {
    const counted = { ...active, unreadCount: 2 };
    const withoutCount = { ...active, lastMessage: { incoming: true, timestamp: '2024-05-01T11:00:00Z' } };
    expect(placeConversation([counted], withoutCount, 'active')[0]).toMatchObject({ unreadCount: 2 });
  });
});

describe('out-of-order copies', () => {
  const at = (conversation: Conversation, updatedAt: string, status = conversation.status) => ({
    ...conversation,
    status,
    updatedAt,
  });

  it('refuses a copy older than the one last seen', () => {
    expect(isNotOlder(undefined, active)).toBe(true);
    expect(isNotOlder(at(active, '2024-05-02T00:00:00Z'), at(active, '2024-05-01T00:00:00Z'))).toBe(false);
    expect(isNotOlder(at(active, '2024-05-02T00:00:00Z'), at(active, '2024-05-02T00:00:00Z'))).toBe(true);
  });

  it('corrects a page that left the server before a newer change arrived', () => {
    const newest = new Map([
      ['c3', at(active, '2024-06-01T00:00:00Z', 'archived')],
      ['c1', at(closed, '2024-06-01T00:00:00Z', 'closed')],
    ]);
    const page = [at(active, '2024-05-01T00:00:00Z'), at(closed, '2024-05-01T00:00:00Z', 'active')];
    // On the Active tab: c3 was archived meanwhile, c1 closed: both leave.
    expect(preferNewer(page, newest, 'active')).toEqual([]);
    expect(preferNewer([at(closed, '2024-05-01T00:00:00Z')], newest, 'closed')).toEqual([newest.get('c1')]);
  });
});

describe('search in messages', () => {
  it('a row found by a message keeps its snippet when an event updates it', () => {
    const found = { ...active, match: { messageId: 'm-1', text: 'the parcel' } };
    const updated = { ...active, updatedAt: new Date(Date.parse(active.updatedAt) + 1000).toISOString() };
    expect(placeConversation([found], updated, 'active')[0]).toEqual({ ...updated, match: found.match });
  });
});
