/** A JSON call to the server or the sandbox from a test: throws with the answer when it is not ok. */
export async function jsonCall(url: string, method: string, body?: unknown, token?: string): Promise<any> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}
