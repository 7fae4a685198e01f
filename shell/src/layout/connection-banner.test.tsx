import { act, cleanup, render, screen } from '@testing-library/react';
import { $persisted, api, emptyPersistedState } from '@parley/shared';
import { MemoryRouter } from 'react-router-dom';
import { ConnectionBanner } from './connection-banner';
import { $connection } from './connection-state';

// The socket is the shell's; here its `connection` events are played by hand.
const connectionListeners = new Set<(payload: unknown) => void>();
jest.mock('@parley/shared', () => {
  const actual = jest.requireActual('@parley/shared');
  const sources = {
    onRealtimeEvent: (name: string, listener: (payload: unknown) => void) => {
      if (name === 'connection') connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    onRealtimeReconnect: () => () => undefined,
  };
  return { ...actual, followLive: (options: object) => actual.followLive(options, sources) };
});

function signedIn(isOwner: boolean) {
  document.cookie = 'token=a-token; path=/; secure';
  $persisted.set({ ...emptyPersistedState(), session: { isAuthenticated: true, lastLoginDate: null, isOwner } });
}

function showBanner(status: string) {
  const get = jest.spyOn(api, 'get').mockResolvedValue({ data: { status } });
  render(
    <MemoryRouter>
      <ConnectionBanner />
    </MemoryRouter>,
  );
  return get;
}

const OWNER_TEXT = 'WhatsApp is disconnected — reconnect in Credential Setup';

describe('the disconnected banner', () => {
  afterEach(() => {
    // Unmounted first: the stores' resets below must not re-render a banner outside act().
    cleanup();
    document.cookie = 'token=; path=/; secure; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    jest.restoreAllMocks();
    $persisted.set(emptyPersistedState());
    $connection.set(undefined);
  });

  it('points owners to Credential Setup while WhatsApp is disconnected', async () => {
    signedIn(true);
    const get = showBanner('disconnected');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(OWNER_TEXT);
    expect(screen.getByText('Credential Setup').getAttribute('href')).toBe('/credential');
    expect(get).toHaveBeenCalledWith('/api/account/connection');
  });

  it('tells agents to ask an owner', async () => {
    signedIn(false);
    showBanner('disconnected');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'WhatsApp is disconnected — ask an owner to reconnect it',
    );
    expect(screen.queryByText('Credential Setup')).toBeNull();
  });

  it('asks nothing without a token (the call would only answer 401 and end the session)', () => {
    $persisted.set({
      ...emptyPersistedState(),
      session: { isAuthenticated: true, lastLoginDate: null, isOwner: true },
    });
    const get = showBanner('disconnected');
    expect(get).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('comes and goes with the socket’s connection events', async () => {
    signedIn(true);
    const get = showBanner('connected');
    await act(async () => {
      await get.mock.results[0].value;
    });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => connectionListeners.forEach((listener) => listener({ status: 'disconnected', reason: '190' })));
    expect(screen.getByRole('alert').textContent).toBe(OWNER_TEXT);
    act(() => connectionListeners.forEach((listener) => listener({ status: 'connected' })));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays when the first answer, read before WhatsApp refused the token, arrives after the event that says so', async () => {
    signedIn(false);
    let answer: (value: { data: { status: string } }) => void = () => undefined;
    jest.spyOn(api, 'get').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(
      <MemoryRouter>
        <ConnectionBanner />
      </MemoryRouter>,
    );
    act(() => connectionListeners.forEach((listener) => listener({ status: 'disconnected', reason: '190' })));
    await act(async () => answer({ data: { status: 'connected' } }));
    expect(screen.getByRole('alert').textContent).toBe('WhatsApp is disconnected — ask an owner to reconnect it');
  });
});
