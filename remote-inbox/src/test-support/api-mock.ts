import { AxiosError, AxiosHeaders } from 'axios';
import { api } from '@parley/shared';

type Handler = (params: Record<string, unknown>, body?: unknown) => unknown;

/**
 * Answers api calls from a table of `METHOD path` → handler. A handler that throws makes the call fail with
 * what it threw. Unlisted calls fail loudly so a test never passes by accident.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; url: string; params: Record<string, unknown>; body?: unknown }> = [];
  const answer = (method: string) => async (url: string, second?: unknown, third?: unknown) => {
    const config = (method === 'GET' || method === 'DELETE' ? second : third) as
      { params?: Record<string, unknown> } | undefined;
    const body = method === 'GET' || method === 'DELETE' ? undefined : second;
    const params = config?.params ?? {};
    calls.push({ method, url, params, body });
    const handler = routes[`${method} ${url}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url}`);
    return { data: await handler(params, body) };
  };
  jest.spyOn(api, 'get').mockImplementation(answer('GET') as never);
  jest.spyOn(api, 'post').mockImplementation(answer('POST') as never);
  jest.spyOn(api, 'put').mockImplementation(answer('PUT') as never);
  return calls;
}

/** The AxiosError an api call fails with when the server answers `status` with body `data`. */
export function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'failed',
    'ERR_BAD_RESPONSE',
    config,
    {},
    { status, statusText: '', data, headers: {}, config },
  );
}
