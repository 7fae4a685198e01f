import { $realtimeStatus } from '@parley/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ReconnectingBar } from './reconnecting-bar';

describe('ReconnectingBar', () => {
  // Unmounted first, so the reset does not re-render a bar outside act().
  afterEach(() => {
    cleanup();
    $realtimeStatus.set('closed');
  });

  it('shows “Reconnecting…” only while a socket that was open is down', () => {
    $realtimeStatus.set('connecting');
    render(<ReconnectingBar />);
    // The first connection of a page load is not a reconnection.
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => $realtimeStatus.set('open'));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => $realtimeStatus.set('connecting'));
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    act(() => $realtimeStatus.set('open'));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });
});
