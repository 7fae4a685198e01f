import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '@parley/shared';
import { answer, httpError, renderPage } from '../users/test-support';
import { CredentialsPage, REDIRECT_AFTER_CREDENTIALS_MS } from './credentials-page';
import type { FacebookLoginOptions } from './facebook-sdk';

jest.mock('./facebook-sdk', () => ({
  ...jest.requireActual('./facebook-sdk'),
  loadFacebookSdk: jest.fn(),
}));
import { loadFacebookSdk } from './facebook-sdk';

jest.setTimeout(30_000);

const SDK_ORIGIN = 'http://127.0.0.1:4010';
const signupConfig = { fbAppId: '999', fbConfigId: 'cfg-1', fbSdkUrl: `${SDK_ORIGIN}/sdk.js`, fbSdkOrigin: SDK_ORIGIN };

let login: jest.Mock<void, [(response: unknown) => void, FacebookLoginOptions]>;
let post: jest.SpyInstance;

function mockConfig(config: object = signupConfig) {
  jest.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/public-config') return answer(config);
    throw httpError(404, { message: 'Not found' });
  });
}

function postSignupMessage(data: unknown, origin = SDK_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data), origin }));
  });
}

const finishMessage = {
  type: 'WA_EMBEDDED_SIGNUP',
  event: 'FINISH',
  version: 3,
  data: { phone_number_id: '222', waba_id: '111', business_id: '333' },
};

beforeEach(() => {
  jest.restoreAllMocks();
  login = jest.fn();
  (loadFacebookSdk as jest.Mock).mockReset().mockResolvedValue({ init: jest.fn(), login });
  post = jest.spyOn(api, 'post').mockResolvedValue(answer({ ok: true }));
  mockConfig();
});

const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Credentials' }));

describe('Set Credentials form', () => {
  it('asks for all three fields before calling', async () => {
    renderPage(CredentialsPage);
    await screen.findByRole('heading', { name: 'Set Credentials' });
    fill({ 'WABA ID': '111', 'Phone Number ID': '222' });
    save();
    await screen.findByText('Please enter both WABA ID and Phone Number ID.');
    expect(post).not.toHaveBeenCalled();
  });

  it('saves, says so and goes to /main a moment later', async () => {
    const navigate = jest.fn();
    renderPage(CredentialsPage, navigate);
    fill({ 'WABA ID': ' 111 ', 'Phone Number ID': '222', Token: 'tok' });
    // Fake time from the click on: on a loaded machine the message took longer to find than the wait before /main.
    jest.useFakeTimers();
    try {
      save();
      await screen.findByText('Credentials set successfully!');
      expect(post).toHaveBeenCalledWith('/api/account/credentials', {
        wabaId: '111',
        phoneNumberId: '222',
        token: 'tok',
      });
      // Finding the message moved the clock on by at most a few of its 50 ms polls.
      act(() => jest.advanceTimersByTime(REDIRECT_AFTER_CREDENTIALS_MS - 200));
      expect(navigate).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(200));
      expect(navigate).toHaveBeenCalledWith('/main');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows Failed to set credentials. with the server reason when the server refuses', async () => {
    post.mockRejectedValue(httpError(422, { message: 'The phone number does not belong to this WABA' }));
    const navigate = jest.fn();
    renderPage(CredentialsPage, navigate);
    fill({ 'WABA ID': '111', 'Phone Number ID': '999', Token: 'tok' });
    save();
    await screen.findByText('Failed to set credentials.');
    await screen.findByText('The phone number does not belong to this WABA');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows An unknown error occurred. when no answer came', async () => {
    post.mockRejectedValue(httpError());
    renderPage(CredentialsPage);
    fill({ 'WABA ID': '111', 'Phone Number ID': '222', Token: 'tok' });
    save();
    await screen.findByText('An unknown error occurred.');
  });
});

describe('embedded sign-up', () => {
  const startSignup = async () => {
    const button = await screen.findByRole('button', { name: /Login with Facebook/ });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect(login).toHaveBeenCalledTimes(1);
    return login.mock.calls[0][0];
  };

  it('loads the configured SDK and opens FB.login for coexistence onboarding, session info v3', async () => {
    renderPage(CredentialsPage);
    await startSignup();
    expect(loadFacebookSdk).toHaveBeenCalledWith(`${SDK_ORIGIN}/sdk.js`, '999');
    expect(login.mock.calls[0][1]).toEqual({
      config_id: 'cfg-1',
      response_type: 'code',
      override_default_response_type: true,
      extras: { setup: {}, featureType: 'whatsapp_business_app_onboarding', sessionInfoVersion: '3' },
    });
  });

  it('joins code then session, onboards and goes to /main', async () => {
    const navigate = jest.fn();
    renderPage(CredentialsPage, navigate);
    const callback = await startSignup();
    act(() => callback({ status: 'connected', authResponse: { code: 'AQ-1' } }));
    expect(post).not.toHaveBeenCalled();
    postSignupMessage(finishMessage);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/main'));
    expect(post).toHaveBeenCalledWith('/api/user/first-onboard', { wabaId: '111', phoneNumberId: '222', code: 'AQ-1' });
  });

  it('joins session then code, ignoring messages from other origins', async () => {
    const navigate = jest.fn();
    renderPage(CredentialsPage, navigate);
    const callback = await startSignup();
    postSignupMessage(
      { ...finishMessage, data: { waba_id: 'evil', phone_number_id: 'evil' } },
      'https://attacker.example',
    );
    postSignupMessage(finishMessage);
    act(() => callback({ status: 'connected', authResponse: { code: 'AQ-2' } }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/main'));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/user/first-onboard', { wabaId: '111', phoneNumberId: '222', code: 'AQ-2' });
  });

  it('only logs a failed onboarding, with no redirect', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    post.mockRejectedValue(httpError(400, { message: 'This authorization code has expired.' }));
    const navigate = jest.fn();
    renderPage(CredentialsPage, navigate);
    const callback = await startSignup();
    act(() => callback({ status: 'connected', authResponse: { code: 'AQ-3' } }));
    postSignupMessage(finishMessage);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('First onboarding failed', expect.anything()));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByText(/Failed/)).toBeNull();
  });

  it('does nothing when the sign-up is cancelled, and can be started again', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const navigate = jest.fn();
    renderPage(CredentialsPage, navigate);
    const callback = await startSignup();
    postSignupMessage({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' } });
    act(() => callback({ status: 'unknown', authResponse: null }));
    expect(post).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: /Login with Facebook/ });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect(login).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the button off when the server has no Facebook app configured', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockConfig({ ...signupConfig, fbAppId: null });
    renderPage(CredentialsPage);
    await screen.findByText(/not available right now/);
    expect(screen.getByRole('button', { name: /Login with Facebook/ })).toHaveProperty('disabled', true);
    expect(loadFacebookSdk).not.toHaveBeenCalled();
  });
});
