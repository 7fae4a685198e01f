import { dispatchRealtimeEvent, onRealtimeEvent } from './events';

describe('onRealtimeEvent', () => {
  it('hands each event to the listeners of its name until they stop', () => {
    const connection: unknown[] = [];
    const other: unknown[] = [];
    const stop = onRealtimeEvent('connection', (payload) => connection.push(payload));
    onRealtimeEvent('other', (payload) => other.push(payload));
    dispatchRealtimeEvent('connection', { status: 'disconnected' });
    stop();
    dispatchRealtimeEvent('connection', { status: 'connected' });
    expect(connection).toEqual([{ status: 'disconnected' }]);
    expect(other).toEqual([]);
  });
});
