import axios, { AxiosError } from 'axios';
import { readToken } from '../auth/token-cookie';
import { runtimeConfig } from '../config';

/** The one HTTP client every remote uses: base URL from config, bearer from the token cookie. */
export const api = axios.create({ timeout: 30_000 });

let onUnauthorized: () => void = () => undefined;

/** The session module registers the 401 reset here (kept as a hook to avoid an import cycle). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

api.interceptors.request.use((request) => {
  request.baseURL = runtimeConfig().apiBase;
  const token = readToken();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

api.interceptors.response.use(
  (response) => response,
  (error: AxiosError) => {
    // docs/product-rules.md#auth-state: any 401 resets the whole client state; no retry.
    if (error.response?.status === 401) onUnauthorized();
    return Promise.reject(error);
  },
);
