import { api } from '@parley/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, click, httpError, renderPage, type } from '../../test-support/render-page';
import { ForgotPasswordPage } from './forgot-password-page';

jest.setTimeout(20_000);

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

async function reachResetStep(post: jest.SpyInstance) {
  type('Email', 'ada@example.com');
  click('Send Verification Code');
  await screen.findByRole('heading', { name: 'Reset Password' });
  expect(post).toHaveBeenCalledWith('/auth/forgot-password', { email: 'ada@example.com' });
}

function fillReset(code: string, password: string, confirm: string) {
  type('Verification Code', code);
  type('New Password', password);
  type('Confirm New Password', confirm);
}

describe('ForgotPasswordPage', () => {
  it('starts by asking for the email; Back to Login goes to /', () => {
    const { navigate } = renderPage(ForgotPasswordPage);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it("stays on the email step with 'Failed to send verification code' when sending fails", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(429, { message: 'Too many' }));
    renderPage(ForgotPasswordPage);
    type('Email', 'ada@example.com');
    click('Send Verification Code');
    await screen.findByText('Failed to send verification code');
    expect(screen.queryByRole('heading', { name: 'Reset Password' })).toBeNull();
  });

  it('moves to Reset Password with a numeric code field once the code is sent', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'sent' }));
    renderPage(ForgotPasswordPage);
    await reachResetStep(post);
    // A text field (no arrows, no wheel, leading zeros kept) with the numeric keyboard.
    const code = screen.getByLabelText('Verification Code');
    expect(code.getAttribute('type')).toBe('text');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('pattern')).toBe('[0-9]*');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend Verification Code' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
  });

  it('rates the new password as it is typed, without blocking a weak one', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'ok' }));
    renderPage(ForgotPasswordPage);
    await reachResetStep(post);
    fillReset('012345', 'ada@example.com', 'ada@example.com');
    expect(await screen.findByText('Password strength: Very weak', {}, { timeout: 15_000 })).toBeTruthy();
    click('Reset Password');
    await screen.findByText('Password reset successful!');
  });

  it("refuses different passwords with 'Passwords do not match' and makes no call", async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'sent' }));
    renderPage(ForgotPasswordPage);
    await reachResetStep(post);
    post.mockClear();
    fillReset('123456', 'new-one', 'new-two');
    click('Reset Password');
    await screen.findByText('Passwords do not match');
    expect(post).not.toHaveBeenCalled();
  });

  it("resets, says 'Password reset successful!' and returns to the email step", async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'ok' }));
    renderPage(ForgotPasswordPage);
    await reachResetStep(post);
    fillReset('012345', 'new-secret', 'new-secret');
    click('Reset Password');
    await screen.findByText('Password reset successful!');
    expect(post).toHaveBeenLastCalledWith('/auth/reset-password', {
      email: 'ada@example.com',
      code: '012345',
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    await screen.findByRole('button', { name: 'Send Verification Code' });
    expect(screen.queryByLabelText('Verification Code')).toBeNull();
  });

  it("stays on Reset Password with 'Failed to reset password' when the reset fails", async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValueOnce(answer({ message: 'sent' }));
    renderPage(ForgotPasswordPage);
    await reachResetStep(post);
    post.mockRejectedValueOnce(httpError(400, { message: 'The code is wrong or has expired' }));
    fillReset('999999', 'new-secret', 'new-secret');
    click('Reset Password');
    await screen.findByText('Failed to reset password');
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();
  });

  it('resends the code to the same email; a failure says so', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValueOnce(answer({ message: 'sent' }));
    renderPage(ForgotPasswordPage);
    await reachResetStep(post);
    post.mockResolvedValueOnce(answer({ message: 'A new code is on its way' }));
    click('Resend Verification Code');
    await screen.findByText('A new code is on its way');
    expect(post).toHaveBeenCalledTimes(2);
    expect(post).toHaveBeenLastCalledWith('/auth/forgot-password', { email: 'ada@example.com' });
    post.mockRejectedValueOnce(httpError());
    click('Resend Verification Code');
    await screen.findByText('Failed to send verification code');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy());
  });
});
