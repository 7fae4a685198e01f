/**
 * Embedded sign-up delivers its results on two channels, in either order (whatsapp-cloud-api.md §5): the
 * authorisation `code` through the FB.login callback, and `waba_id` / `phone_number_id` through a window
 * `message` event of type WA_EMBEDDED_SIGNUP. This pure state machine joins them.
 */

export type SignupFinishEvent = 'FINISH' | 'FINISH_ONLY_WABA' | 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING';

export type SignupInput =
  /** FB.login's callback with `authResponse.code`. */
  | { kind: 'code'; code: string }
  /** FB.login's callback without a code: the popup was closed or the login refused. */
  | { kind: 'login-without-code' }
  | { kind: 'finish'; event: SignupFinishEvent; wabaId: string; phoneNumberId?: string }
  | { kind: 'cancel'; currentStep?: string; errorMessage?: string };

export interface OnboardPayload {
  wabaId: string;
  /** Absent when the sign-up shared only the WABA: the server then takes the WABA's number. */
  phoneNumberId?: string;
  code: string;
  /** The number stays on the WhatsApp Business app (coexistence): the server must not register it. */
  coexistence?: boolean;
}

export type SignupState =
  | { status: 'idle' }
  | { status: 'waiting'; code?: string; finish?: Extract<SignupInput, { kind: 'finish' }>; cancelReason?: string }
  | { status: 'ready'; payload: OnboardPayload }
  | { status: 'cancelled'; reason: string };

export const idleSignup: SignupState = { status: 'idle' };
/** A click on the button starts a fresh attempt: nothing from an earlier one may leak into it. */
export const startedSignup: SignupState = { status: 'waiting' };

export function joinSignup(state: SignupState, input: SignupInput): SignupState {
  // Only a running attempt listens; late or stray events after the outcome change nothing.
  if (state.status !== 'waiting') return state;
  switch (input.kind) {
    case 'cancel':
      // Only noted: FB.login's callback is what ends an attempt. A CANCEL posted late by an earlier, abandoned
      // attempt must not end the one the user has just started.
      return {
        ...state,
        cancelReason: input.errorMessage ?? (input.currentStep ? `cancelled at ${input.currentStep}` : 'cancelled'),
      };
    case 'login-without-code':
      return { status: 'cancelled', reason: state.cancelReason ?? 'login closed without an authorisation code' };
    case 'code':
      return complete({ ...state, code: input.code });
    case 'finish':
      return complete({ ...state, finish: input });
  }
}

function complete(state: Extract<SignupState, { status: 'waiting' }>): SignupState {
  const { code, finish } = state;
  if (!code || !finish) return state;
  const payload: OnboardPayload = { wabaId: finish.wabaId, code };
  if (finish.phoneNumberId) payload.phoneNumberId = finish.phoneNumberId;
  if (finish.event === 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING') payload.coexistence = true;
  return { status: 'ready', payload };
}

/** Meta's own origins (facebook.com and its subdomains) or the configured SDK origin (the sandbox's fake). */
export function isTrustedSignupOrigin(origin: string, sdkOrigin: string | null | undefined): boolean {
  if (sdkOrigin && origin === sdkOrigin) return true;
  let host: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'https:') return false;
    host = url.hostname;
  } catch {
    return false;
  }
  return host === 'facebook.com' || host.endsWith('.facebook.com');
}

const FINISH_EVENTS: readonly string[] = ['FINISH', 'FINISH_ONLY_WABA', 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING'];

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : undefined;

/** A window `message` event → a sign-up input, or null when it is not a trusted WA_EMBEDDED_SIGNUP message. */
export function readSignupMessage(
  message: { origin: string; data: unknown },
  sdkOrigin: string | null | undefined,
): SignupInput | null {
  if (!isTrustedSignupOrigin(message.origin, sdkOrigin)) return null;
  let data: unknown = message.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null; // the SDK posts other, non-JSON messages too
    }
  }
  if (!data || typeof data !== 'object') return null;
  const { type, event, data: details } = data as { type?: unknown; event?: unknown; data?: unknown };
  if (type !== 'WA_EMBEDDED_SIGNUP') return null;
  const fields = (details && typeof details === 'object' ? details : {}) as Record<string, unknown>;
  if (event === 'CANCEL') {
    return { kind: 'cancel', currentStep: text(fields.current_step), errorMessage: text(fields.error_message) };
  }
  if (typeof event === 'string' && FINISH_EVENTS.includes(event)) {
    const wabaId = text(fields.waba_id);
    if (!wabaId) return null;
    return { kind: 'finish', event: event as SignupFinishEvent, wabaId, phoneNumberId: text(fields.phone_number_id) };
  }
  return null;
}

/** FB.login's callback answer → a sign-up input. */
export function readLoginResponse(response: unknown): SignupInput {
  const code = (response as { authResponse?: { code?: unknown } } | null)?.authResponse?.code;
  return typeof code === 'string' && code.length > 0 ? { kind: 'code', code } : { kind: 'login-without-code' };
}
