/**
 * Loads the Facebook JS SDK (or the sandbox's fake, same interface) from the configured URL once per page, and
 * initialises it with the app id (whatsapp-cloud-api.md §5: version v22.0).
 */

export interface FacebookLoginOptions {
  config_id: string;
  response_type: 'code';
  override_default_response_type: boolean;
  extras: { setup: Record<string, never>; featureType: string; sessionInfoVersion: string };
}

export interface FacebookSdk {
  init(options: { appId: string; autoLogAppEvents: boolean; xfbml: boolean; version: string }): void;
  login(callback: (response: unknown) => void, options: FacebookLoginOptions): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

export const GRAPH_API_VERSION = 'v22.0';

let loading: { url: string; appId: string; promise: Promise<FacebookSdk> } | undefined;

export function loadFacebookSdk(url: string, appId: string): Promise<FacebookSdk> {
  if (loading && loading.url === url && loading.appId === appId) return loading.promise;
  const promise = new Promise<FacebookSdk>((resolve, reject) => {
    let done = false;
    const ready = () => {
      if (done || !window.FB) return;
      done = true;
      window.FB.init({ appId, autoLogAppEvents: true, xfbml: true, version: GRAPH_API_VERSION });
      resolve(window.FB);
    };
    // The real SDK calls fbAsyncInit once it has loaded; the script's load event is the fallback.
    window.fbAsyncInit = ready;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.defer = true;
    script.onload = ready;
    script.onerror = () => {
      loading = undefined; // a later attempt may try again
      reject(new Error(`Could not load the Facebook SDK from ${url}`));
    };
    document.body.appendChild(script);
  });
  loading = { url, appId, promise };
  return promise;
}

/** Opens the embedded sign-up (coexistence onboarding, session info v3) for the given configuration. */
export function openEmbeddedSignup(sdk: FacebookSdk, configId: string, callback: (response: unknown) => void): void {
  sdk.login(callback, {
    config_id: configId,
    response_type: 'code',
    override_default_response_type: true,
    extras: { setup: {}, featureType: 'whatsapp_business_app_onboarding', sessionInfoVersion: '3' },
  });
}
