import { cleanup, render, screen } from '@testing-library/react';
import { $persisted, emptyPersistedState } from '@parley/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Guard } from './guards';

function Where() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname} from {(location.state as { from?: string } | null)?.from ?? 'nowhere'}
    </p>
  );
}

function renderAt(path: string, access: 'user' | 'owner') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/users" element={<Guard access={access}>secret page</Guard>} />
        <Route path="/main" element={<Where />} />
        <Route path="/login" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const signedIn = (isOwner: boolean) =>
  $persisted.set({ ...emptyPersistedState(), session: { isAuthenticated: true, lastLoginDate: null, isOwner } });

describe('route guards', () => {
  // Unmounted first, so the reset does not re-render a guard outside act().
  afterEach(() => {
    cleanup();
    $persisted.set(emptyPersistedState());
  });

  it('sends an unauthenticated visitor to /login, remembering where they came from', () => {
    renderAt('/users?page=2', 'user');
    expect(screen.getByText('at /login from /users?page=2')).toBeTruthy();
  });

  it('sends an agent on an owner route to /main', () => {
    signedIn(false);
    renderAt('/users', 'owner');
    expect(screen.getByText('at /main from nowhere')).toBeTruthy();
  });

  it('lets an owner in', () => {
    signedIn(true);
    renderAt('/users', 'owner');
    expect(screen.getByText('secret page')).toBeTruthy();
  });
});
