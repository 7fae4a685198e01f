/**
 * Who may call each route, written from the product spec's roles table (section 6) and its public pages — not
 * read from the routes' own declarations, so a route whose declared access changes fails the role matrix.
 * A new route fails it too until it is classified here, under the spec capability that covers it.
 */
export type SpecAccess = 'public' | 'user' | 'owner' | 'webhook';

const PUBLIC = 'public';
const ANY_STAFF = 'user'; // owner: yes, agent: yes
const OWNER_ONLY = 'owner'; // owner: yes, agent: no

export const SPEC_ACCESS: Record<string, SpecAccess> = {
  // "Terms and other public pages need no login": the app itself, its remotes, health probes, sign-in and sign-up.
  'GET /*': PUBLIC,
  'GET /remotes.json': PUBLIC,
  'GET /deployments/*': PUBLIC,
  'GET /healthz': PUBLIC,
  'GET /readyz': PUBLIC,
  'GET /api/public-config': PUBLIC,
  'POST /api/client-reports': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/register': PUBLIC,
  'POST /auth/verify': PUBLIC,
  'POST /auth/resend-verification-code': PUBLIC,
  'POST /auth/forgot-password': PUBLIC,
  'POST /auth/reset-password': PUBLIC,
  // Signed file links: the signature (or capability token) is the credential, so <img>/<video> can load them.
  'GET /api/files/messages/:id': PUBLIC,
  'GET /api/files/assets/:token': PUBLIC,
  'GET /api/files/assets/:token/thumbnail': PUBLIC,
  'GET /api/files/flow-previews/:token': PUBLIC,

  // The API reference (docs/api.md): the route list is no secret; each route still checks its caller.
  'GET /api/openapi.json': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,

  // Meta's webhook: its signature, never a session.
  'GET /webhooks/whatsapp': 'webhook',
  'POST /webhooks/whatsapp': 'webhook',

  // "Edit own full name, change own password" (and Logout, which every signed-in user has): owner and agent.
  'GET /api/user/profile': ANY_STAFF,
  'PUT /api/user/profile': ANY_STAFF,
  'POST /api/user/change-password': ANY_STAFF,
  'POST /auth/logout': ANY_STAFF,

  // "Dashboard, chat, close, archive, send messages": owner and agent.
  'GET /api/conversations': ANY_STAFF,
  'GET /api/conversations/summary': ANY_STAFF,
  'GET /api/conversations/:id': ANY_STAFF,
  'PUT /api/conversations/:id/status': ANY_STAFF,
  'POST /api/conversations/:id': ANY_STAFF,
  'POST /api/conversations/:id/location': ANY_STAFF,
  'POST /api/conversations/:id/media': ANY_STAFF,
  'POST /api/conversations/:id/template': ANY_STAFF,
  'POST /api/conversations/:id/asset': ANY_STAFF,
  'POST /api/conversations/:id/flow': ANY_STAFF,
  'POST /api/conversations/:id/messages/:messageId/retry': ANY_STAFF,
  'POST /api/conversations/:id/read': ANY_STAFF,
  'GET /api/messages/:id/media': ANY_STAFF,
  'GET /api/account/templates': ANY_STAFF,
  // The dashboard's connection banner: everyone who chats sees whether WhatsApp is connected.
  'GET /api/account/connection': ANY_STAFF,

  // "View contacts, assets, forms": owner and agent.
  'GET /api/contacts': ANY_STAFF,
  'GET /api/account/assets': ANY_STAFF,
  'GET /api/account/flows': ANY_STAFF,
  'GET /api/account/flows/:id': ANY_STAFF,

  // "Add and delete contacts": owner only.
  'POST /api/contacts': OWNER_ONLY,
  'DELETE /api/contacts/:id': OWNER_ONLY,

  // "Upload, edit, delete, restore assets": owner only.
  'POST /api/account/assets': OWNER_ONLY,
  'PUT /api/account/assets/:id': OWNER_ONLY,
  'DELETE /api/account/assets/:id': OWNER_ONLY,
  'POST /api/account/assets/:id': OWNER_ONLY,

  // "Customize forms": owner only.
  'POST /api/account/flows/:id': OWNER_ONLY,

  // "Edit account name": owner only.
  'PUT /api/account': OWNER_ONLY,
  // Account-level assignment setting (round robin, issue #21): like the account name, owner only.
  'GET /api/account/round-robin': OWNER_ONLY,
  'PUT /api/account/round-robin': OWNER_ONLY,

  // "User List (add, edit, suspend, unsuspend, delete)": owner only.
  'GET /api/account/users': OWNER_ONLY,
  'POST /api/account/users': OWNER_ONLY,
  'PUT /api/account/users/:id': OWNER_ONLY,
  'PUT /api/account/users/:id/status': OWNER_ONLY,
  'DELETE /api/account/users/:id': OWNER_ONLY,

  // "Credential Setup" (typed credentials and the embedded sign-up): owner only.
  'POST /api/account/credentials': OWNER_ONLY,
  'POST /api/user/first-onboard': OWNER_ONLY,

  // Reports (issue #23): the account's figures, for the owner like the user list and credentials.
  'GET /api/reports': OWNER_ONLY,

  // Saved replies (issue #21): every staff member inserts them in the composer; owners manage the list.
  'GET /api/account/saved-replies': ANY_STAFF,
  'POST /api/account/saved-replies': OWNER_ONLY,
  'PUT /api/account/saved-replies/:id': OWNER_ONLY,
  'DELETE /api/account/saved-replies/:id': OWNER_ONLY,

  // Labels (issue #21): every staff member lists them and puts them on conversations; owners manage the list.
  'GET /api/account/labels': ANY_STAFF,
  'POST /api/account/labels': OWNER_ONLY,
  'PUT /api/account/labels/:id': OWNER_ONLY,
  'DELETE /api/account/labels/:id': OWNER_ONLY,
  'PUT /api/conversations/:id/labels/:labelId': ANY_STAFF,
  'DELETE /api/conversations/:id/labels/:labelId': ANY_STAFF,

  // Assignment (issue #21): any staff member; an agent only themselves (the route's own rule, a 403 with a message).
  'PUT /api/conversations/:id/assignee': ANY_STAFF,

  // Private notes (issue #21): any staff member; a note is deleted by its author or an owner (the route's rule, a 403).
  'GET /api/conversations/:id/notes': ANY_STAFF,
  'POST /api/conversations/:id/notes': ANY_STAFF,
  'DELETE /api/conversations/:id/notes/:noteId': ANY_STAFF,
};

/** The spec's access for a route of the live table; HEAD follows its GET. */
export const specAccessOf = (method: string, url: string): SpecAccess | undefined =>
  SPEC_ACCESS[`${method} ${url}`] ?? (method === 'HEAD' ? SPEC_ACCESS[`GET ${url}`] : undefined);
