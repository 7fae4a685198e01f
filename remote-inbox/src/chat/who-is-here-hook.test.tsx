import { $persisted, emptyPersistedState, type CurrentUser } from '@parley/shared';
import { act, renderHook } from '@testing-library/react';
import { emitNamedEvent, emitReconnect } from '../test-support/realtime-mock';
import { useTypingSignal, useWhoIsHere } from './who-is-here';

const mockSent: [string, unknown][] = [];
jest.mock('@parley/shared', () => ({
  ...jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime(),
  emitRealtime: (name: string, payload: unknown) => {
    mockSent.push([name, payload]);
    return true;
  },
}));

const ME = { id: 'me', fullName: 'Olivia Owner' } as CurrentUser;
const ADAM = { id: 'adam', fullName: 'Adam Agent' };

beforeEach(() => {
  mockSent.length = 0;
  $persisted.set({ ...emptyPersistedState(), profile: ME });
});
afterEach(() => $persisted.set(emptyPersistedState()));

it('says what it views on mount, again after each reconnect, and null on unmount', () => {
  const hook = renderHook(() => useWhoIsHere('c1'));
  expect(mockSent).toEqual([['viewing', { conversationId: 'c1' }]]);
  act(() => emitReconnect());
  expect(mockSent.at(-1)).toEqual(['viewing', { conversationId: 'c1' }]);
  hook.unmount();
  expect(mockSent.at(-1)).toEqual(['viewing', { conversationId: null }]);
});

it('lists the other viewers and typists of this conversation only, never the signed-in user', () => {
  const hook = renderHook(() => useWhoIsHere('c1'));
  act(() => emitNamedEvent('viewers', { conversationId: 'c1', users: [{ id: 'me', fullName: 'Olivia Owner' }, ADAM] }));
  act(() => emitNamedEvent('viewers', { conversationId: 'c2', users: [] }));
  act(() => emitNamedEvent('typing', { conversationId: 'c1', userId: 'adam', fullName: 'Adam Agent' }));
  act(() => emitNamedEvent('typing', { conversationId: 'c2', userId: 'eve', fullName: 'Eve Ray' }));
  expect(hook.result.current).toEqual({ viewers: [ADAM], typists: [ADAM] });

  // Adam leaves: gone from both at once.
  act(() => emitNamedEvent('viewers', { conversationId: 'c1', users: [{ id: 'me', fullName: 'Olivia Owner' }] }));
  expect(hook.result.current).toEqual({ viewers: [], typists: [] });
  hook.unmount();
});

it('sends typing for changes of the text, not for the draft it mounts with', () => {
  const hook = renderHook(({ text }) => useTypingSignal('c1', text), { initialProps: { text: 'restored draft' } });
  expect(mockSent).toEqual([]);
  hook.rerender({ text: 'restored draft!' });
  expect(mockSent).toEqual([['typing', { conversationId: 'c1' }]]);
  hook.rerender({ text: '' });
  expect(mockSent.at(-1)).toEqual(['typing', { conversationId: 'c1', stopped: true }]);
});
