/**
 * @jest-environment-options {"url": "https://localhost/login"}
 */
import { $persisted, $session, api, emptyPersistedState, readToken, type CurrentUser } from '@parley/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { answer, click, fakeToken, httpError, renderPage, type } from '../../test-support/render-page';
import { LoginPage } from './login-page';

const profile: CurrentUser = {
  id: 'u1',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  title: '',
  role: 'owner',
  isOwner: true,
  status: 'active',
  account: { id: 'a1', name: 'Analytical', logo: null },
};
const token = fakeToken({
  sub: 'u1',
  acc: 'a1',
  role: 'owner',
  lastLoginDate: '2026-01-01T00:00:00.000Z',
  exp: 4102444800,
});

beforeEach(() => {
  $persisted.set(emptyPersistedState());
  Cookies.remove('token', { path: '/' });
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

function signIn(email = 'ada@example.com', password = 'secret') {
  type('Email', email);
  type('Password', password);
  click('Login');
}

describe('LoginPage', () => {
  it('shows the Login heading, the two fields, the Login button and the forgot-password link', () => {
    const { navigate } = renderPage(LoginPage);
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(navigate).toHaveBeenCalledWith('/forgot-password');
  });

  it('requires both email and password before calling the server', async () => {
    const post = jest.spyOn(api, 'post');
    renderPage(LoginPage);
    type('Email', 'ada@example.com');
    click('Login');
    await screen.findByText('Please enter your password');
    type('Email', '');
    type('Password', 'secret');
    click('Login');
    await screen.findByText('Please enter your email');
    expect(post).not.toHaveBeenCalled();
  });

  it('signs in: stores the token, starts the session, reloads the profile and goes to /main', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ token }));
    const get = jest.spyOn(api, 'get').mockResolvedValue(answer(profile));
    const { navigate } = renderPage(LoginPage);
    signIn();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/main', { replace: true }));
    expect(post).toHaveBeenCalledWith('/auth/login', { email: 'ada@example.com', password: 'secret' });
    expect(get).toHaveBeenCalledWith('/api/user/profile');
    expect(readToken()).toBe(token);
    expect($session.get()).toEqual({ isAuthenticated: true, lastLoginDate: '2026-01-01T00:00:00.000Z', isOwner: true });
    expect($persisted.get().profile).toEqual(profile);
  });

  it('an agent token does not make the session an owner', async () => {
    const agentToken = fakeToken({ sub: 'u2', acc: 'a1', role: 'agent', lastLoginDate: 'x', exp: 4102444800 });
    jest.spyOn(api, 'post').mockResolvedValue(answer({ token: agentToken }));
    jest.spyOn(api, 'get').mockResolvedValue(answer({ ...profile, role: 'agent', isOwner: false }));
    const { navigate } = renderPage(LoginPage);
    signIn();
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect($session.get().isOwner).toBe(false);
  });

  it('goes back to where the guard sent the visitor from', async () => {
    jest.spyOn(api, 'post').mockResolvedValue(answer({ token }));
    jest.spyOn(api, 'get').mockResolvedValue(answer(profile));
    const { navigate } = renderPage(LoginPage, { from: '/contacts?page=2' });
    signIn();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/contacts?page=2', { replace: true }));
  });

  it("shows the server's message when sign-in fails", async () => {
    jest
      .spyOn(api, 'post')
      .mockRejectedValue(httpError(403, { message: 'Please verify your email before logging in' }));
    const { navigate } = renderPage(LoginPage);
    signIn();
    await screen.findByText('Please verify your email before logging in');
    expect(navigate).not.toHaveBeenCalled();
    expect($session.get().isAuthenticated).toBe(false);
  });

  it("shows 'Email or password is incorrect' when the failure carries no message", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError());
    renderPage(LoginPage);
    signIn();
    await screen.findByText('Email or password is incorrect');
  });

  it('when already signed in, refreshes the profile and goes to /main', async () => {
    $persisted.set({
      ...emptyPersistedState(),
      session: { isAuthenticated: true, lastLoginDate: null, isOwner: false },
    });
    const get = jest.spyOn(api, 'get').mockResolvedValue(answer(profile));
    const { navigate } = renderPage(LoginPage);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/main', { replace: true }));
    expect(get).toHaveBeenCalledWith('/api/user/profile');
    expect($persisted.get().profile).toEqual(profile);
  });

  it('when not signed in, removes a left-over token cookie', async () => {
    Cookies.set('token', 'stale', { path: '/' });
    expect(readToken()).toBe('stale');
    await act(async () => {
      renderPage(LoginPage);
    });
    expect(readToken()).toBeUndefined();
  });
});
