import { canMoveStatus, isStatusStepBack, statusesThatMoveTo } from './delivery-status';

describe('delivery status order', () => {
  it('climbs pending → sent → delivered → read, skipping steps when WhatsApp does', () => {
    expect(canMoveStatus('pending', 'sent')).toBe(true);
    expect(canMoveStatus('sent', 'delivered')).toBe(true);
    expect(canMoveStatus('delivered', 'read')).toBe(true);
    expect(canMoveStatus('sent', 'read')).toBe(true);
    expect(canMoveStatus('pending', 'read')).toBe(true);
  });

  it('never moves backwards: a late delivered does not undo read', () => {
    expect(canMoveStatus('read', 'delivered')).toBe(false);
    expect(canMoveStatus('read', 'sent')).toBe(false);
    expect(canMoveStatus('delivered', 'sent')).toBe(false);
    expect(canMoveStatus('sent', 'sent')).toBe(false);
  });

  it('lets failed end any unread message, but not a read one', () => {
    expect(canMoveStatus('pending', 'failed')).toBe(true);
    expect(canMoveStatus('sent', 'failed')).toBe(true);
    expect(canMoveStatus('delivered', 'failed')).toBe(true);
    expect(canMoveStatus('read', 'failed')).toBe(false);
  });

  it('keeps failed terminal', () => {
    expect(canMoveStatus('failed', 'sent')).toBe(false);
    expect(canMoveStatus('failed', 'read')).toBe(false);
    expect(canMoveStatus('failed', 'failed')).toBe(false);
  });

  it('does not give incoming messages (no status) a delivery status', () => {
    expect(canMoveStatus(null, 'read')).toBe(false);
  });

  it('lists the statuses each status may replace', () => {
    expect(statusesThatMoveTo('read')).toEqual(['pending', 'sent', 'delivered']);
    expect(statusesThatMoveTo('sent')).toEqual(['pending']);
    expect(statusesThatMoveTo('failed')).toEqual(['pending', 'sent', 'delivered']);
  });

  it('tells a copy that crossed a newer one on the wire (read, then a late sent) from a retry', () => {
    expect(isStatusStepBack('read', 'sent')).toBe(true);
    expect(isStatusStepBack('delivered', 'pending')).toBe(true);
    expect(isStatusStepBack('sent', 'read')).toBe(false);
    expect(isStatusStepBack('failed', 'pending')).toBe(false);
    expect(isStatusStepBack('pending', 'failed')).toBe(false);
    expect(isStatusStepBack(undefined, 'sent')).toBe(false);
  });
});
