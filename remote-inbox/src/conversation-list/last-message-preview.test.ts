import type { RealtimeMessageEvent } from '@parley/shared';
import { aConversation, aMessage } from '../test-support/fixtures';
import { previewFor, rememberListed, rememberPreview } from './last-message-preview';

const event = (patch: Parameters<typeof aMessage>[0]): RealtimeMessageEvent => {
  const message = aMessage({ conversationId: 'c', ...patch });
  return { conversationId: 'c', message, conversation: aConversation({ id: 'c' }) };
};

describe('last message preview', () => {
  it('keeps the newest message of a conversation, from either side', () => {
    let previews = rememberPreview(
      {},
      event({ timestamp: '2024-05-01T10:00:00Z', content: { text: 'Hi, is it open?' } }),
    );
    previews = rememberPreview(
      previews,
      event({ timestamp: '2024-05-01T10:05:00Z', direction: 'outgoing', content: { text: 'Yes, until 6' } }),
    );
    expect(previews.c).toMatchObject({ timestamp: '2024-05-01T10:05:00Z', incoming: false, text: 'Yes, until 6' });
  });

  it('is not moved back by a status update of an older message', () => {
    const newer = rememberPreview({}, event({ timestamp: '2024-05-01T10:05:00Z', content: { text: 'new' } }));
    expect(rememberPreview(newer, event({ timestamp: '2024-05-01T10:00:00Z', content: { text: 'old' } }))).toBe(newer);
  });

  it('names media by their type', () => {
    const previews = rememberPreview({}, event({ type: 'image', content: { mimeType: 'image/jpeg' } }));
    expect(previews.c.text).toBe('Image');
  });

  it('shows only while it is the row’s last message', () => {
    const previews = rememberPreview(
      {},
      event({ timestamp: '2024-05-01T10:00:00.000Z', createdAt: '2024-05-01T10:00:02Z', content: { text: 'hi' } }),
    );
    expect(previewFor(previews, 'c', { timestamp: '2024-05-01T10:00:00Z' })?.text).toBe('hi');
    expect(previewFor(previews, 'c', { timestamp: '2024-05-01T10:00:02Z' })?.text).toBe('hi');
    expect(previewFor(previews, 'c', { timestamp: '2024-05-01T11:00:00Z' })).toBeUndefined();
    expect(previewFor(previews, 'other', { timestamp: '2024-05-01T10:00:00Z' })).toBeUndefined();
  });
});

describe('previews of listed conversations', () => {
  const listed = (timestamp: string, preview?: string) =>
    aConversation({
      id: 'c',
      lastMessage: { incoming: true, timestamp, ...(preview === undefined ? {} : { preview }) },
    });

  it("takes the list answer's preview, which a row then shows", () => {
    const previews = rememberListed({}, [listed('2024-05-01T10:00:00.000Z', 'My receipt')]);
    expect(previewFor(previews, 'c', { timestamp: '2024-05-01T10:00:00.000Z' })).toMatchObject({
      incoming: true,
      text: 'My receipt',
    });
  });

  it('keeps a newer message seen live, and a row without a preview adds nothing', () => {
    const live = rememberPreview({}, event({ timestamp: '2024-05-01T10:05:00.000Z', content: { text: 'new' } }));
    expect(rememberListed(live, [listed('2024-05-01T10:00:00.000Z', 'old')])).toBe(live);
    expect(rememberListed({}, [listed('2024-05-01T10:00:00.000Z')])).toEqual({});
  });

  // WhatsApp gives a customer's message its time in whole seconds; the list gives the time it was stored.
  it('takes a message sent in the second the listed one was stored, and a late page does not undo it', () => {
    const listedFirst = rememberListed({}, [listed('2024-05-01T10:00:00.900Z', 'Hello')]);
    const next = event({
      timestamp: '2024-05-01T10:00:00.000Z',
      createdAt: '2024-05-01T10:00:01.200Z',
      content: { text: 'Is the blue one in stock?' },
    });
    const previews = rememberPreview(listedFirst, next);
    expect(previewFor(previews, 'c', { timestamp: '2024-05-01T10:00:01.200Z' })?.text).toBe(
      'Is the blue one in stock?',
    );
    // A page answered before that message was stored.
    expect(rememberListed(previews, [listed('2024-05-01T10:00:00.900Z', 'Hello')])).toBe(previews);
  });

  it('shows a caption live as the list does', () => {
    const previews = rememberPreview({}, event({ type: 'image', content: { caption: 'My receipt' } }));
    expect(previews.c.text).toBe('My receipt');
  });
});
