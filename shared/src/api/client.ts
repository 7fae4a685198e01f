import type { AxiosError, AxiosInstance, AxiosStatic } from 'axios';
import { readToken } from '../auth/token-cookie';
import { runtimeConfig } from '../config';

/** The calls pages make; each waits for axios the first time (api.get(…) answers as axios's own would). */
export type ApiClient = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

let onUnauthorized: () => void = () => undefined;

/** The session module registers the 401 reset here (kept as a hook to avoid an import cycle). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function createClient(axios: AxiosStatic): AxiosInstance {
  const client = axios.create({ timeout: 30_000 });
  client.interceptors.request.use((request) => {
    request.baseURL = runtimeConfig().apiBase;
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  client.interceptors.response.use(
    (response) => response,
    (error: AxiosError) => {
      // docs/product-rules.md#auth-state: any 401 resets the whole client state; no retry.
      if (error.response?.status === 401) onUnauthorized();
      return Promise.reject(error);
    },
  );
  return client;
}

let loading: Promise<AxiosInstance> | undefined;

/**
 * axios (about 18 KiB on the wire), fetched by the first call rather than with @parley/shared on every page
 * (issue #19: the sign-in page calls nothing until submitted); a signed-in page starts it at once (session.ts).
 */
export function apiClientReady(): Promise<AxiosInstance> {
  loading ??= import(/* webpackChunkName: "api-client" */ 'axios').then(
    ({ default: axios }) => createClient(axios),
    (error: unknown) => {
      // The call fails as a network error would; the next call fetches it again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The one HTTP client every remote uses: base URL from config, bearer from the token cookie. */
export const api: ApiClient = {
  get: (...args) => apiClientReady().then((client) => client.get(...args)),
  post: (...args) => apiClientReady().then((client) => client.post(...args)),
  put: (...args) => apiClientReady().then((client) => client.put(...args)),
  patch: (...args) => apiClientReady().then((client) => client.patch(...args)),
  delete: (...args) => apiClientReady().then((client) => client.delete(...args)),
};
