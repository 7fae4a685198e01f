import {
  joinSignup,
  readLoginResponse,
  readSignupMessage,
  startedSignup,
  type SignupInput,
  type SignupState,
} from './signup-join';

const finish: SignupInput = { kind: 'finish', event: 'FINISH', wabaId: '111', phoneNumberId: '222' };
const code: SignupInput = { kind: 'code', code: 'AQ-code' };
const run = (...inputs: SignupInput[]): SignupState => inputs.reduce(joinSignup, startedSignup);

describe('joining the code and the sign-up session', () => {
  it('is ready once both have arrived, code first', () => {
    expect(run(code, finish)).toEqual({
      status: 'ready',
      payload: { wabaId: '111', phoneNumberId: '222', code: 'AQ-code' },
    });
  });

  it('is ready once both have arrived, session first', () => {
    expect(run(finish, code)).toEqual({
      status: 'ready',
      payload: { wabaId: '111', phoneNumberId: '222', code: 'AQ-code' },
    });
  });

  it('keeps waiting with only one of them', () => {
    expect(run(code).status).toBe('waiting');
    expect(run(finish).status).toBe('waiting');
  });

  it('marks a business-app (coexistence) finish so the server skips registration', () => {
    const coexistence: SignupInput = {
      kind: 'finish',
      event: 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING',
      wabaId: '1',
      phoneNumberId: '2',
    };
    expect(run(coexistence, code)).toEqual({
      status: 'ready',
      payload: { wabaId: '1', phoneNumberId: '2', code: 'AQ-code', coexistence: true },
    });
  });

  it('leaves the phone number out when the sign-up shared only the WABA', () => {
    expect(run(code, { kind: 'finish', event: 'FINISH_ONLY_WABA', wabaId: '9' })).toEqual({
      status: 'ready',
      payload: { wabaId: '9', code: 'AQ-code' },
    });
  });

  it('ends when the login comes back without a code, with the CANCEL reason from either order', () => {
    const noCode: SignupInput = { kind: 'login-without-code' };
    expect(run({ kind: 'cancel', currentStep: 'PHONE_NUMBER_SETUP' }, noCode)).toEqual({
      status: 'cancelled',
      reason: 'cancelled at PHONE_NUMBER_SETUP',
    });
    expect(run({ kind: 'cancel', errorMessage: 'Something broke' }, noCode)).toEqual({
      status: 'cancelled',
      reason: 'Something broke',
    });
    expect(run(noCode, { kind: 'cancel', currentStep: 'X' })).toEqual({
      status: 'cancelled',
      reason: 'login closed without an authorisation code',
    });
    expect(run(finish, noCode).status).toBe('cancelled');
  });

  it('is not ended by a CANCEL alone (a late one from an abandoned attempt), only by the login callback', () => {
    expect(run({ kind: 'cancel', currentStep: 'WABA_SETUP' }).status).toBe('waiting');
    expect(run({ kind: 'cancel' }, code, finish)).toEqual({
      status: 'ready',
      payload: { wabaId: '111', phoneNumberId: '222', code: 'AQ-code' },
    });
  });

  it('ignores events after the outcome and before any attempt', () => {
    const ready = run(code, finish);
    expect(joinSignup(ready, { kind: 'cancel' })).toBe(ready);
    expect(joinSignup({ status: 'idle' }, code)).toEqual({ status: 'idle' });
    const cancelled = run({ kind: 'login-without-code' });
    expect(joinSignup(joinSignup(cancelled, code), finish)).toBe(cancelled);
  });
});

describe('reading window messages', () => {
  const payload = {
    type: 'WA_EMBEDDED_SIGNUP',
    event: 'FINISH',
    version: 3,
    data: { phone_number_id: '222', waba_id: '111', business_id: '333' },
  };

  it('accepts WA_EMBEDDED_SIGNUP from facebook.com, as a JSON string or an object', () => {
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: JSON.stringify(payload) }, null)).toEqual(
      finish,
    );
    expect(readSignupMessage({ origin: 'https://facebook.com', data: payload }, null)).toEqual(finish);
    expect(readSignupMessage({ origin: 'https://business.facebook.com', data: payload }, null)).toEqual(finish);
  });

  it('accepts the configured SDK origin (the sandbox fake) and nothing else', () => {
    expect(readSignupMessage({ origin: 'http://127.0.0.1:4010', data: payload }, 'http://127.0.0.1:4010')).toEqual(
      finish,
    );
    expect(readSignupMessage({ origin: 'http://127.0.0.1:4011', data: payload }, 'http://127.0.0.1:4010')).toBeNull();
    expect(readSignupMessage({ origin: 'https://evilfacebook.com', data: payload }, null)).toBeNull();
    expect(readSignupMessage({ origin: 'https://facebook.com.evil.net', data: payload }, null)).toBeNull();
    expect(readSignupMessage({ origin: 'http://www.facebook.com', data: payload }, null)).toBeNull();
  });

  it('reads CANCEL with its step or error', () => {
    const cancel = { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'WABA_SETUP' } };
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: cancel }, null)).toEqual({
      kind: 'cancel',
      currentStep: 'WABA_SETUP',
      errorMessage: undefined,
    });
    const failed = {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: { error_message: 'Oops', error_id: '5', session_id: 's' },
    };
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: failed }, null)).toMatchObject({
      kind: 'cancel',
      errorMessage: 'Oops',
    });
  });

  it('ignores other messages', () => {
    const origin = 'https://www.facebook.com';
    expect(readSignupMessage({ origin, data: 'not json' }, null)).toBeNull();
    expect(readSignupMessage({ origin, data: { type: 'OTHER', event: 'FINISH', data: {} } }, null)).toBeNull();
    expect(
      readSignupMessage({ origin, data: { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: {} } }, null),
    ).toBeNull();
    expect(
      readSignupMessage(
        { origin, data: { type: 'WA_EMBEDDED_SIGNUP', event: 'SOMETHING', data: { waba_id: '1' } } },
        null,
      ),
    ).toBeNull();
  });
});

describe('reading the login callback', () => {
  it('takes the code, or reports none', () => {
    expect(readLoginResponse({ status: 'connected', authResponse: { code: 'AQ-1' } })).toEqual({
      kind: 'code',
      code: 'AQ-1',
    });
    expect(readLoginResponse({ status: 'unknown', authResponse: null })).toEqual({ kind: 'login-without-code' });
    expect(readLoginResponse(undefined)).toEqual({ kind: 'login-without-code' });
  });
});
