import { aConversation, aMessage } from '../test-support/fixtures';
import { applyLiveEvent, placeConversation } from './list-merge';

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

describe('applyLiveEvent without the server copy of the conversation', () => {
  it('moves a closed conversation to Active on a new message', () => {
    const onClosedTab = applyLiveEvent([closed], { conversationId: 'c1', message: newer('c1') }, 'closed');
    expect(onClosedTab).toEqual({ kind: 'rows', rows: [] });
  });

  it('keeps an archived conversation archived, with its new last message', () => {
    const result = applyLiveEvent([archived], { conversationId: 'c2', message: newer('c2') }, 'archived');
    expect(result.kind === 'rows' && result.rows[0]).toMatchObject({
      status: 'archived',
      lastMessage: { incoming: true, timestamp: '2024-05-01T11:00:00Z' },
    });
  });

  it('records an outgoing last message, which loses the green Chat', () => {
    const result = applyLiveEvent([active], { conversationId: 'c3', message: newer('c3', 'outgoing') }, 'active');
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
    const result = applyLiveEvent(rows, { conversationId: 'c1', message: statusUpdate }, 'closed');
    expect(result).toEqual({ kind: 'rows', rows });
  });

  it('asks for a reload when the conversation is unknown', () => {
    expect(applyLiveEvent([active], { conversationId: 'other', message: newer('other') }, 'active')).toEqual({
      kind: 'unknown',
    });
  });
});

describe('applyLiveEvent with the server copy', () => {
  it('inserts a conversation new to this tab', () => {
    const fresh = aConversation({ id: 'new', status: 'active' });
    const result = applyLiveEvent(
      [active],
      { conversationId: 'new', message: newer('new'), conversation: fresh },
      'active',
    );
    expect(result.kind === 'rows' && result.rows.map((c) => c.id)).toEqual(['new', 'c3']);
  });

  it('takes it out of a tab it no longer belongs to', () => {
    const nowActive = { ...closed, status: 'active' as const };
    const result = applyLiveEvent(
      [closed, archived],
      { conversationId: 'c1', message: newer('c1'), conversation: nowActive },
      'closed',
    );
    expect(result.kind === 'rows' && result.rows.map((c) => c.id)).toEqual(['c2']);
  });
});

describe('placeConversation', () => {
  it('replaces in place when the status still matches the tab', () => {
    const renamed = { ...active, contact: { ...active.contact, name: 'Renamed' } };
    expect(placeConversation([closed, active], renamed, 'active')).toEqual([closed, renamed]);
  });
});
