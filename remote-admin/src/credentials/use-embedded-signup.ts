import { useCallback, useEffect, useRef, useState } from 'react';
import { credentialsApi, type SignupConfig } from './credentials-api';
import { loadFacebookSdk, openEmbeddedSignup, type FacebookSdk } from './facebook-sdk';
import {
  idleSignup,
  joinSignup,
  readLoginResponse,
  readSignupMessage,
  startedSignup,
  type SignupInput,
  type SignupState,
} from './signup-join';

export type SignupPhase = 'loading' | 'unavailable' | 'ready' | 'waiting' | 'onboarding';

export interface EmbeddedSignup {
  phase: SignupPhase;
  start(): void;
}

/**
 * The embedded sign-up: SDK loaded up front (FB.login must run inside the click, or the popup is blocked),
 * the code and the session joined, then POST /api/user/first-onboard. Success → onConnected; a failure is only
 * logged (docs/product-rules.md#onboarding, #errors), with no redirect.
 */
export function useEmbeddedSignup(onConnected: () => void): EmbeddedSignup {
  const [phase, setPhase] = useState<SignupPhase>('loading');
  const config = useRef<SignupConfig | null>(null);
  const sdk = useRef<FacebookSdk | null>(null);
  const state = useRef<SignupState>(idleSignup);
  /** Each click is one attempt; a callback from an earlier attempt is ignored. */
  const attempt = useRef(0);
  const connected = useRef(onConnected);
  connected.current = onConnected;

  const dispatch = useCallback((input: SignupInput) => {
    const before = state.current;
    const next = joinSignup(before, input);
    state.current = next;
    if (next === before) return;
    if (next.status === 'cancelled') {
      console.info('Embedded sign-up ended without connecting:', next.reason);
      setPhase('ready');
    } else if (next.status === 'ready') {
      setPhase('onboarding');
      credentialsApi.firstOnboard(next.payload).then(
        () => connected.current(),
        (error: unknown) => {
          console.error('First onboarding failed', error);
          state.current = idleSignup;
          setPhase('ready');
        },
      );
    }
  }, []);

  useEffect(() => {
    let active = true;
    credentialsApi
      .signupConfig()
      .then(async (loaded) => {
        if (!loaded.fbAppId || !loaded.fbConfigId)
          throw new Error('The embedded sign-up is not configured (FB_APP_ID, FB_CONFIG_ID)');
        config.current = loaded;
        const instance = await loadFacebookSdk(loaded.fbSdkUrl, loaded.fbAppId);
        if (!active) return;
        sdk.current = instance;
        setPhase('ready');
      })
      .catch((error: unknown) => {
        console.error('Embedded sign-up unavailable', error);
        if (active) setPhase('unavailable');
      });
    const onMessage = (event: MessageEvent) => {
      const input = readSignupMessage({ origin: event.origin, data: event.data }, config.current?.fbSdkOrigin);
      if (input) dispatch(input);
    };
    window.addEventListener('message', onMessage);
    return () => {
      active = false;
      window.removeEventListener('message', onMessage);
    };
  }, [dispatch]);

  const start = useCallback(() => {
    const instance = sdk.current;
    const configId = config.current?.fbConfigId;
    if (!instance || !configId) return;
    const current = ++attempt.current;
    state.current = startedSignup;
    setPhase('waiting');
    openEmbeddedSignup(instance, configId, (response) => {
      if (current === attempt.current) dispatch(readLoginResponse(response));
    });
  }, [dispatch]);

  return { phase, start };
}
