/** Runtime settings the shell may set before any remote loads (window.__PARLEY_CONFIG__). */
export interface ParleyRuntimeConfig {
  /** Base address of the API (`/auth`, `/api`) and the socket; empty means this origin. */
  apiBase: string;
}

declare global {
  interface Window {
    __PARLEY_CONFIG__?: Partial<ParleyRuntimeConfig>;
  }
}

export function runtimeConfig(): ParleyRuntimeConfig {
  const fromWindow = typeof window !== 'undefined' ? window.__PARLEY_CONFIG__ : undefined;
  return { apiBase: fromWindow?.apiBase ?? '' };
}
