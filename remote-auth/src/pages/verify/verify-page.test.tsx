import { api } from '@parley/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, click, httpError, renderPage, type } from '../../test-support/render-page';
import { VerifyPage } from './verify-page';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('VerifyPage', () => {
  it('after sign-up, says where the code went, fills the address in and links back to login', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'Email verified successfully' }));
    const { navigate } = renderPage(VerifyPage, { search: '?email=ana%40shop.test' });
    expect(screen.getByText(/We emailed a verification code to/).textContent).toBe(
      'We emailed a verification code to ana@shop.test.',
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ana@shop.test');
    type('Verification Code', '123456');
    click('Verify Email');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/auth/verify', { code: '123456', email: 'ana@shop.test' }));
    fireEvent.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('verifies the code, says so pointing to credential setup, and goes to /login 2 seconds later', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'Email verified successfully' }));
    const { navigate } = renderPage(VerifyPage);
    type('Verification Code', '123456');
    jest.useFakeTimers();
    click('Verify Email');
    await screen.findByText('Email verified successfully! Setup Credential');
    expect(post).toHaveBeenCalledWith('/auth/verify', { code: '123456' });
    act(() => jest.advanceTimersByTime(1900));
    expect(navigate).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(100));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("shows 'Verification Failed' when the code is refused, and stays", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(400, { message: 'The code is wrong or has expired' }));
    const { navigate } = renderPage(VerifyPage);
    type('Verification Code', '000000');
    click('Verify Email');
    await screen.findByText('Verification Failed');
    expect(screen.queryByText('The code is wrong or has expired')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('resends the code to the typed email', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'sent' }));
    renderPage(VerifyPage);
    type('Email', 'ada@example.com');
    click('Resend Code');
    await screen.findByText('Verification code resent successfully!');
    expect(post).toHaveBeenCalledWith('/auth/resend-verification-code', { email: 'ada@example.com' });
  });

  it("shows 'Verification Failed' when the resend fails", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(429, { message: 'Too many codes requested.' }));
    renderPage(VerifyPage);
    type('Email', 'ada@example.com');
    click('Resend Code');
    await screen.findByText('Verification Failed');
  });

  it('does not redirect when the page is left before the 2 seconds', async () => {
    jest.spyOn(api, 'post').mockResolvedValue(answer({ message: 'ok' }));
    const { navigate, unmount } = renderPage(VerifyPage);
    type('Verification Code', '123456');
    jest.useFakeTimers();
    click('Verify Email');
    await screen.findByText('Email verified successfully! Setup Credential');
    unmount();
    act(() => jest.advanceTimersByTime(5000));
    await waitFor(() => expect(navigate).not.toHaveBeenCalled());
  });
});
