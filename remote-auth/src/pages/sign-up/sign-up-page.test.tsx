import { api } from '@parley/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, click, httpError, renderPage, type } from '../../test-support/render-page';
import { SignUpPage } from './sign-up-page';

jest.setTimeout(20_000);

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const complete = {
  'Full Name': 'Ada Lovelace',
  Title: 'Founder',
  Email: 'ada@example.com',
  Password: 'x',
  'Confirm Password': 'x',
};

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) type(label, value);
}

function agree() {
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('SignUpPage', () => {
  it('offers the five fields, the Terms link in a new tab and the way back to /', () => {
    const { navigate } = renderPage(SignUpPage);
    for (const label of Object.keys(complete)) expect(screen.getByLabelText(label)).toBeTruthy();
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms.getAttribute('href')).toBe('/terms-of-service');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it.each(Object.keys(complete))("says 'All fields are required' without %s and makes no call", async (missing) => {
    const post = jest.spyOn(api, 'post');
    renderPage(SignUpPage);
    fill({ ...complete, [missing]: '' });
    agree();
    click('Sign Up');
    await screen.findByText('All fields are required');
    expect(post).not.toHaveBeenCalled();
  });

  it('counts a name of only spaces as missing', async () => {
    const post = jest.spyOn(api, 'post');
    renderPage(SignUpPage);
    fill({ ...complete, 'Full Name': '   ' });
    agree();
    click('Sign Up');
    await screen.findByText('All fields are required');
    expect(post).not.toHaveBeenCalled();
  });

  it("says 'Passwords do not match' and makes no call", async () => {
    const post = jest.spyOn(api, 'post');
    renderPage(SignUpPage);
    fill({ ...complete, 'Confirm Password': 'y' });
    agree();
    click('Sign Up');
    await screen.findByText('Passwords do not match');
    expect(post).not.toHaveBeenCalled();
  });

  it("says 'You must agree to the Terms of Service' when the box is not ticked", async () => {
    const post = jest.spyOn(api, 'post');
    renderPage(SignUpPage);
    fill(complete);
    click('Sign Up');
    await screen.findByText('You must agree to the Terms of Service');
    expect(post).not.toHaveBeenCalled();
  });

  it('sets no other rule: a one-letter password and an address without @ are sent, then /verify', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'ok' }));
    const { navigate } = renderPage(SignUpPage);
    fill({ ...complete, Email: 'ada' });
    // The strength meter advises, it never blocks.
    expect(await screen.findByText('Password strength: Very weak', {}, { timeout: 15_000 })).toBeTruthy();
    agree();
    click('Sign Up');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/verify\?email=/)));
    expect(post).toHaveBeenCalledWith('/auth/register', {
      fullName: 'Ada Lovelace',
      title: 'Founder',
      email: 'ada',
      password: 'x',
      confirmPassword: 'x',
    });
  });

  it("shows the server's message when sign-up fails", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(409, { message: 'An account with this email already exists' }));
    const { navigate } = renderPage(SignUpPage);
    fill(complete);
    agree();
    click('Sign Up');
    await screen.findByText('An account with this email already exists');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows 'Signup failed' when the failure has no message", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(502, '<html>Bad gateway</html>'));
    renderPage(SignUpPage);
    fill(complete);
    agree();
    click('Sign Up');
    await screen.findByText('Signup failed');
  });
});
