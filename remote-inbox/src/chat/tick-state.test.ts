import { failureReason, tickState } from './tick-state';

describe('tickState', () => {
  it('climbs from one grey tick to two blue ones', () => {
    expect(tickState({ direction: 'outgoing', status: 'sent' })).toMatchObject({
      symbol: '✓',
      tone: 'muted',
      label: 'Sent',
    });
    expect(tickState({ direction: 'outgoing', status: 'delivered' })).toMatchObject({
      symbol: '✓✓',
      tone: 'muted',
      label: 'Delivered',
    });
    expect(tickState({ direction: 'outgoing', status: 'read' })).toMatchObject({
      symbol: '✓✓',
      tone: 'blue',
      label: 'Read',
    });
  });
  it('treats a message without status as still sending, and marks failures', () => {
    expect(tickState({ direction: 'outgoing' })?.status).toBe('pending');
    expect(tickState({ direction: 'outgoing', status: 'failed' })?.tone).toBe('danger');
  });
  it('gives incoming messages no ticks', () => {
    expect(tickState({ direction: 'incoming', status: 'read' })).toBeUndefined();
  });
});

describe('failureReason', () => {
  it("shows Meta's title with its code", () => {
    expect(failureReason({ error: { code: 131047, title: 'Re-engagement message' } })).toBe(
      'Re-engagement message (131047)',
    );
    expect(failureReason({ error: { code: '', title: 'Timed out' } })).toBe('Timed out');
    expect(failureReason({ error: null })).toBe('Not delivered');
  });
});
