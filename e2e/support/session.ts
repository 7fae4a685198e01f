import type { Page } from 'playwright-core';

/** Signs in through the API and hands the browser the same cookie and persisted session the login page would. */
export async function signInAs(page: Page, baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
    role: string;
    exp: number;
    lastLoginDate?: string;
  };
  const url = new URL(baseUrl);
  await page.context().addCookies([
    {
      name: 'token',
      value: token,
      domain: url.hostname,
      path: '/',
      expires: payload.exp,
      secure: true,
      sameSite: 'Strict',
    },
  ]);
  // Any same-origin page gives localStorage; a JSON one spares loading the app just to write it.
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate(
    (session) =>
      localStorage.setItem(
        'parley',
        JSON.stringify({ version: 1, session, onlineUserIds: [], profile: null, assets: [] }),
      ),
    { isAuthenticated: true, lastLoginDate: payload.lastLoginDate ?? null, isOwner: payload.role === 'owner' },
  );
  return token;
}
