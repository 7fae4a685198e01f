// The calls the bench makes to a running Parley, over HTTP on loopback, as a client would (docs/api.md).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { DEMO_LOGINS } = require('../../server/dist/seed/demo-logins.js');

/** The sandbox's seeded WhatsApp Business Account (sandbox/README.md). */
export const SANDBOX_WABA = {
  wabaId: '100000000000001',
  phoneNumberId: '100000000000002',
  token: 'sandbox-token-demo',
  displayPhoneNumber: '15550001000',
};

async function call(baseUrl, method, route, { token, body, expect = [200, 201] } = {}) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!expect.includes(response.status))
    throw new Error(`${method} ${route} → ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** The newest 6-digit code the server mailed to `email` (mails are JSON files in the outbox folder). */
async function mailedCode(outboxDir, email, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of fs.readdirSync(outboxDir).sort().reverse()) {
      if (!name.endsWith('.json')) continue;
      const mail = JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8'));
      const code = mail.to?.toLowerCase() === email.toLowerCase() && (mail.code ?? /\b\d{6}\b/.exec(mail.text)?.[0]);
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${email} within ${timeoutMs} ms`);
}

export function createClient(baseUrl) {
  const api = {
    call: (method, route, options) => call(baseUrl, method, route, options),
    async login(email, password) {
      return (await call(baseUrl, 'POST', '/auth/login', { body: { email, password } })).token;
    },
    loginOwner: () => api.login(DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    /** Registers a new account's owner, verifies the code the server mailed to `outboxDir`, signs in: the token. */
    async registerOwner(outboxDir, email, password = 'bench-owner-password') {
      await call(baseUrl, 'POST', '/auth/register', {
        body: { fullName: 'Bench Owner', title: 'Owner', email, password, confirmPassword: password },
        expect: [201],
      });
      await call(baseUrl, 'POST', '/auth/verify', { body: { code: await mailedCode(outboxDir, email) } });
      return api.login(email, password);
    },
    profile: (token) => call(baseUrl, 'GET', '/api/user/profile', { token }),
    /** Connects the owner's account to the sandbox's number, so its webhooks land in this account. */
    connectWhatsApp: (ownerToken) =>
      call(baseUrl, 'POST', '/api/account/credentials', {
        token: ownerToken,
        body: { wabaId: SANDBOX_WABA.wabaId, phoneNumberId: SANDBOX_WABA.phoneNumberId, token: SANDBOX_WABA.token },
      }),
    /** `count` new agents (staff created by the owner), each signed in: their tokens. */
    async createAgents(ownerToken, count, tag = 'bench') {
      const tokens = [];
      for (let i = 0; i < count; i += 1) {
        const email = `${tag}-agent-${i}@parley.test`;
        const password = `bench-password-${i}`;
        await call(baseUrl, 'POST', '/api/account/users', {
          token: ownerToken,
          body: { fullName: `Bench Agent ${i}`, title: 'Agent', email, password },
          expect: [201],
        });
        tokens.push(await api.login(email, password));
      }
      return tokens;
    },
    /** Every listed conversation of the account (cursor paging, 1000 a page, bounded). */
    async allConversations(token, maxPages = 1000) {
      const list = [];
      let cursor = null;
      for (let page = 0; page < maxPages; page += 1) {
        const query = new URLSearchParams({ limit: '1000', ...(cursor ? { cursor } : {}) });
        const answer = await call(baseUrl, 'GET', `/api/conversations?${query}`, { token });
        list.push(...answer.list);
        cursor = answer.nextCursor;
        if (!cursor) return list;
      }
      throw new Error('too many conversation pages');
    },
    /** Every message of a conversation, oldest first (paging back with `before`, 200 a page, bounded). */
    async allMessages(token, conversationId, maxPages = 10_000) {
      const pages = [];
      let before = null;
      for (let page = 0; page < maxPages; page += 1) {
        const query = new URLSearchParams({ limit: '200', ...(before ? { before } : {}) });
        const detail = await call(baseUrl, 'GET', `/api/conversations/${conversationId}?${query}`, { token });
        pages.unshift(detail.messages);
        if (!detail.hasMore || detail.messages.length === 0) return pages.flat();
        before = detail.messages[0].id;
      }
      throw new Error('too many message pages');
    },
  };
  return api;
}
