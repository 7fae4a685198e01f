/**
 * A schema-driven generator of malformed and hostile requests (fast-check). Each route of the live table has a
 * small schema below (its body, query and path ids, as docs/api.md gives them); a request starts from a valid
 * one for the caller's own objects and is then broken: fields dropped, given the wrong type, huge or odd unicode,
 * unknown and prototype keys added, the body replaced by invalid JSON, the wrong content type, a broken multipart
 * form, or the path bent with ../, %2e%2e, null bytes and the like.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';

export type FieldKind =
  | 'text'
  | 'longText'
  | 'email'
  | 'password'
  | 'code'
  | 'digits'
  | 'graphToken'
  | 'bool'
  | 'latitude'
  | 'longitude'
  | 'conversationStatus'
  | 'userStatus'
  | 'templateName'
  | 'language'
  | 'phone'
  | 'page'
  | 'isoDate'
  | 'signature'
  | IdKind;
export type IdKind = 'conversation' | 'message' | 'asset' | 'flow' | 'contact' | 'user' | 'fileToken';

export interface RouteSchema {
  body?: Record<string, FieldKind>;
  query?: Record<string, FieldKind>;
  /** Path params → the kind of id they take. */
  params?: Record<string, IdKind>;
  /** A multipart route and its file field. */
  multipart?: 'files' | 'file';
}

/** Every route's inputs. A route missing here fails the suite: add it when you add the route. */
export const ROUTE_SCHEMAS: Record<string, RouteSchema> = {
  'GET /healthz': {},
  'GET /readyz': {},
  'GET /remotes.json': {},
  'GET /deployments/*': {},
  'GET /*': {},
  'GET /api/public-config': {},
  'GET /api/openapi.json': {},
  'GET /api/docs': {},
  'GET /api/docs/json': {},
  'GET /api/docs/yaml': {},
  'GET /api/docs/static/index.html': {},
  'GET /api/docs/static/swagger-initializer.js': {},
  'GET /api/docs/static/*': {},
  'POST /auth/register': {
    body: { fullName: 'text', title: 'text', email: 'email', password: 'password', confirmPassword: 'password' },
  },
  'POST /auth/verify': { body: { code: 'code', email: 'email' } },
  'POST /auth/resend-verification-code': { body: { email: 'email' } },
  'POST /auth/login': { body: { email: 'email', password: 'password' } },
  'POST /auth/forgot-password': { body: { email: 'email' } },
  'POST /auth/logout': {},
  'POST /auth/reset-password': {
    body: { code: 'code', password: 'password', confirmPassword: 'password', email: 'email' },
  },
  'GET /api/user/profile': {},
  'PUT /api/user/profile': { body: { fullName: 'text' } },
  'POST /api/user/change-password': {
    body: { password: 'password', newPassword: 'password', confirmNewPassword: 'password' },
  },
  'PUT /api/account': { body: { name: 'text' } },
  'GET /api/account/round-robin': {},
  'PUT /api/account/round-robin': { body: { roundRobin: 'bool' } },
  'POST /api/account/credentials': { body: { wabaId: 'digits', phoneNumberId: 'digits', token: 'graphToken' } },
  'POST /api/user/first-onboard': {
    body: { wabaId: 'digits', phoneNumberId: 'digits', code: 'text', coexistence: 'bool' },
  },
  'GET /api/conversations': {
    query: {
      status: 'conversationStatus',
      q: 'text',
      from: 'isoDate',
      to: 'isoDate',
      customer: 'text',
      limit: 'page',
      cursor: 'text',
    },
  },
  'GET /api/conversations/summary': {},
  'GET /api/conversations/:id': { params: { id: 'conversation' }, query: { before: 'message', limit: 'page' } },
  'PUT /api/conversations/:id/status': { params: { id: 'conversation' }, body: { status: 'conversationStatus' } },
  'POST /api/conversations/:id': { params: { id: 'conversation' }, body: { text: 'longText', replyTo: 'message' } },
  'POST /api/conversations/:id/location': {
    params: { id: 'conversation' },
    body: { latitude: 'latitude', longitude: 'longitude', name: 'text', address: 'text', replyTo: 'message' },
  },
  'POST /api/conversations/:id/media': { params: { id: 'conversation' }, multipart: 'file' },
  'POST /api/conversations/:id/template': {
    params: { id: 'conversation' },
    body: { name: 'templateName', language: 'language', replyTo: 'message' },
  },
  'POST /api/conversations/:id/asset': {
    params: { id: 'conversation' },
    body: { id: 'asset', caption: 'text', replyTo: 'message' },
  },
  'POST /api/conversations/:id/flow': { params: { id: 'conversation' }, body: { flowId: 'flow', replyTo: 'message' } },
  'POST /api/conversations/:id/messages/:messageId/retry': { params: { id: 'conversation', messageId: 'message' } },
  'GET /api/account/templates': {},
  'POST /api/conversations/:id/read': { params: { id: 'conversation' } },
  'GET /api/account/connection': {},
  'POST /api/client-reports': {
    body: { kind: 'text', remote: 'text', version: 'text', fallbackVersion: 'text', module: 'text', error: 'text' },
  },
  'GET /api/messages/:id/media': { params: { id: 'message' } },
  'GET /api/files/messages/:id': { params: { id: 'message' }, query: { expires: 'page', signature: 'signature' } },
  'GET /api/contacts': { query: { limit: 'page', page: 'page' } },
  'POST /api/contacts': { body: { name: 'text', phone: 'phone', email: 'email' } },
  'DELETE /api/contacts/:id': { params: { id: 'contact' } },
  'GET /api/account/assets': { query: { limit: 'page', page: 'page' } },
  'POST /api/account/assets': { multipart: 'files' },
  'PUT /api/account/assets/:id': { params: { id: 'asset' }, body: { name: 'text', description: 'longText' } },
  'DELETE /api/account/assets/:id': { params: { id: 'asset' } },
  'POST /api/account/assets/:id': { params: { id: 'asset' } },
  'GET /api/files/assets/:token': { params: { token: 'fileToken' } },
  'GET /api/files/assets/:token/thumbnail': { params: { token: 'fileToken' } },
  'GET /api/account/flows': {},
  'GET /api/account/flows/:id': { params: { id: 'flow' } },
  'POST /api/account/flows/:id': {
    params: { id: 'flow' },
    body: { header: 'text', body: 'longText', footer: 'text', ctaText: 'text' },
  },
  'GET /api/account/users': { query: { limit: 'page', page: 'page' } },
  'POST /api/account/users': { body: { fullName: 'text', email: 'email', title: 'text', password: 'password' } },
  'PUT /api/account/users/:id': { params: { id: 'user' }, body: { fullName: 'text', title: 'text' } },
  'PUT /api/account/users/:id/status': { params: { id: 'user' }, body: { status: 'userStatus' } },
  'DELETE /api/account/users/:id': { params: { id: 'user' } },
  'GET /api/reports': { query: { from: 'isoDate', to: 'isoDate', timeZone: 'text' } },
  'GET /api/account/saved-replies': {},
  'POST /api/account/saved-replies': { body: { shortcut: 'text', text: 'longText' } },
  // No saved reply is seeded: a contact's id stands for one (a uuid that is no reply → 404).
  'PUT /api/account/saved-replies/:id': { params: { id: 'contact' }, body: { shortcut: 'text', text: 'longText' } },
  'DELETE /api/account/saved-replies/:id': { params: { id: 'contact' } },
  'GET /api/account/labels': {},
  'POST /api/account/labels': { body: { name: 'text', colour: 'text' } },
  // No label is seeded either: a contact's id stands for one.
  'PUT /api/account/labels/:id': { params: { id: 'contact' }, body: { name: 'text', colour: 'text' } },
  'DELETE /api/account/labels/:id': { params: { id: 'contact' } },
  'PUT /api/conversations/:id/labels/:labelId': { params: { id: 'conversation', labelId: 'contact' } },
  'DELETE /api/conversations/:id/labels/:labelId': { params: { id: 'conversation', labelId: 'contact' } },
  'PUT /api/conversations/:id/assignee': { params: { id: 'conversation' }, body: { userId: 'user' } },
  'GET /api/conversations/:id/notes': { params: { id: 'conversation' } },
  'POST /api/conversations/:id/notes': { params: { id: 'conversation' }, body: { text: 'longText' } },
  // No note is seeded: a contact's id stands for one (a uuid that is no note → 404).
  'DELETE /api/conversations/:id/notes/:noteId': { params: { id: 'conversation', noteId: 'contact' } },
  'GET /webhooks/whatsapp': { query: { 'hub.mode': 'text', 'hub.verify_token': 'text', 'hub.challenge': 'text' } },
  'POST /webhooks/whatsapp': { body: { object: 'text', entry: 'text' } },
};

/** The caller's own objects, so that a request is valid until the generator breaks it. */
export interface OwnIds {
  conversation: string[];
  message: string[];
  asset: string[];
  flow: string[];
  contact: string[];
  user: string[];
  fileToken: string[];
}

export interface GeneratedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How the request was broken, for failure reports. */
  how: string[];
  route: string;
}

const HUGE = 'A'.repeat(300_000);
const OVER_BODY_LIMIT = 'B'.repeat(1024 * 1024 + 10);

/** Values that have broken servers before: wrong types, boundaries, injections, odd unicode. */
export const HOSTILE_VALUES: unknown[] = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '${7*7}{{7*7}}',
  '\u202eevil\u202c',
  '👩‍👩‍👧‍👦'.repeat(300),
  'ﷺ'.repeat(2000),
  '\ud800',
  '\udfff\ud800',
  '１２３４５６',
  '٣٤٥٦٧٨',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
  HUGE,
  // Dates at and past the edges of JavaScript's and PostgreSQL's calendars.
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+010000-01-01T00:00:00Z',
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-01-31T25:61:00Z',
  // Well-formed list cursors pointing at impossible places.
  Buffer.from(JSON.stringify([1, '+275760-09-13T00:00:00.000Z', '00000000-0000-4000-8000-000000000000'])).toString(
    'base64url',
  ),
  Buffer.from(JSON.stringify([0, '-000001-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000'])).toString(
    'base64url',
  ),
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  null,
  [],
  [1, 2, 3],
  ['a', { b: 1 }],
  {},
  { $gt: '' },
  { __proto__: { isAdmin: true } },
  { toString: 'x', valueOf: 1 },
  { a: { b: { c: { d: { e: {} } } } } },
];

const BAD_JSON = [
  '{',
  '{"a":',
  '{"a" 1}',
  "{'a': 1}",
  '[1, 2,',
  '\ufeff{"email":"a@b.c"}',
  '{"a":1} trailing',
  'undefined',
  'NaN',
  '{"a": NaN}',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '\u0000',
  '"just a string"',
  '12345',
  'null',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
  `{"n": ${'9'.repeat(5000)}}`,
  `{"s": "${'\\u0000'.repeat(2000)}"}`,
  '{"s": "\\ud800"}',
  '{"email": "a@b.c", "email": {"x": 1}}',
];

const PATH_TRICKS = [
  '/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '/%252e%252e%252fetc%252fpasswd',
  '/..%5c..%5c..%5cwindows%5cwin.ini',
  '/%00',
  '/a%00.png',
  '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
  '//evil.example.com/x',
  '/;jsessionid=1',
  '/%ZZ',
  '/%',
  '/' + 'a'.repeat(8000),
  '/%F0%9F%92%A9%E2%80%AE',
  '/./././.',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=utf-7',
  'application/jsonx',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'image/png',
  ';;;',
];

/** Magic bytes of files a server might trust too much, and junk. */
const FILE_SAMPLES: Array<{ name: string; type: string; bytes: Buffer }> = [
  { name: 'photo.png', type: 'image/png', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
  { name: 'truncated.jpg', type: 'image/jpeg', bytes: Buffer.from('ffd8ffe000104a464946', 'hex') },
  { name: 'page.html', type: 'text/html', bytes: Buffer.from('<!doctype html><script>alert(1)</script>') },
  {
    name: 'logo.png',
    type: 'image/png',
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  },
  { name: 'doc.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
  { name: 'archive.zip', type: 'application/zip', bytes: Buffer.from('504b0304140000000000', 'hex') },
  { name: 'empty.txt', type: 'text/plain', bytes: Buffer.alloc(0) },
  { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('plain notes\n') },
  { name: '../../../etc/passwd', type: 'text/plain', bytes: Buffer.from('root:x:0:0') },
  { name: 'evil\u0000.png', type: 'image/png', bytes: Buffer.from('89504e47', 'hex') },
  { name: 'x'.repeat(1000) + '.txt', type: 'text/plain', bytes: Buffer.from('long name') },
  { name: 'binary.bin', type: 'application/octet-stream', bytes: crypto.randomBytes(2048) },
  { name: 'script.js', type: 'image/png', bytes: Buffer.from('fetch("/api/user/profile")') },
];

function validValue(kind: FieldKind, own: OwnIds, pick: number): unknown {
  const from = (list: string[]) => list[pick % Math.max(1, list.length)] ?? crypto.randomUUID();
  switch (kind) {
    case 'text':
      return 'Fine text';
    case 'longText':
      return 'Some longer text that is still fine.';
    case 'email':
      return `fuzz-${pick}@example.test`;
    case 'password':
      return 'not the right password';
    case 'code':
      return String(100000 + (pick % 899999));
    case 'digits':
      return String(100000000000001 + (pick % 5));
    case 'graphToken':
      return `fuzz-token-${pick}`;
    case 'bool':
      return pick % 2 === 0;
    case 'latitude':
      return 38.7;
    case 'longitude':
      return -9.1;
    case 'conversationStatus':
      return ['active', 'closed', 'archived'][pick % 3];
    case 'userStatus':
      return ['hold', 'active'][pick % 2];
    case 'templateName':
      return 'hello_world';
    case 'language':
      return 'en_US';
    case 'phone':
      return `+1 555 0${String(pick % 1_000_000).padStart(6, '0')}`;
    case 'page':
      return String(1 + (pick % 5));
    case 'isoDate':
      return '2026-01-31';
    case 'signature':
      return crypto.createHash('sha256').update(String(pick)).digest('hex');
    case 'conversation':
    case 'message':
    case 'asset':
    case 'flow':
    case 'contact':
    case 'user':
    case 'fileToken':
      return from(own[kind]);
    default:
      return 'x';
  }
}

/**
 * Strings that have broken stores and renderers: lone surrogates (no UTF-8 form), NUL, huge, and odd unicode
 * (bidi overrides, zero-width, combining marks, BOM, noncharacters, astral letters). Placed one at a time into
 * otherwise valid requests, so they reach the database and the files, not only the validators.
 */
export const HOSTILE_STRINGS: string[] = [
  '\ud800',
  'before \udbff after',
  '\udfff\ud800',
  'emoji cut in half \ud83d',
  '\u0000',
  'nul\u0000inside',
  'x'.repeat(5000),
  HUGE,
  '\u202eevil\u202c.exe',
  'zero\u200bwidth\u200d',
  'e\u0301\u0301\u0301',
  '\ufeffbom',
  '\uffff\ufffe',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟘𝟙',
  '👩‍👩‍👧‍👦'.repeat(300),
  'ﷺ'.repeat(2000),
  '\r\n\tcontrol\u0007\u001b[31m',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, fc.string({ unit: 'binary', maxLength: 1 })), maxLength: 40 }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const hostileValue = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Percent-encodes what a request line cannot carry, keeping the tricks (%2e, ..) as they are. */
const encodePathSegment = (value: unknown) =>
  typeof value === 'string'
    ? value.replace(/[^\x21-\x7e]|[#?]/gu, (c) =>
        [...Buffer.from(c, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join(''),
      )
    : encodeURIComponent(JSON.stringify(value) ?? 'undefined');

function multipartOf(
  parts: Array<{ field: string; file?: (typeof FILE_SAMPLES)[number]; value?: string }>,
  breakage: string,
) {
  const boundary = `----fuzz${crypto.randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = part.file
      ? `Content-Disposition: form-data; name="${part.field}"; filename="${part.file.name}"\r\nContent-Type: ${part.file.type}\r\n`
      : `Content-Disposition: form-data; name="${part.field}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${breakage === 'no-disposition' ? '' : head}\r\n`));
    chunks.push(part.file ? part.file.bytes : Buffer.from(part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  if (breakage !== 'no-final-boundary') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(chunks);
  if (breakage === 'truncated') body = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
  const contentType =
    breakage === 'wrong-boundary'
      ? 'multipart/form-data; boundary=not-the-boundary'
      : breakage === 'no-boundary'
        ? 'multipart/form-data'
        : `multipart/form-data; boundary=${boundary}`;
  return { body, contentType };
}

export interface GeneratorContext {
  own: OwnIds;
  /** Authorization headers to pick from (mostly the owner's, so requests reach the handlers). */
  callers: Array<{ weight: number; header: string | undefined }>;
}

export function requestArbitrary(routes: Array<{ method: string; url: string }>, context: GeneratorContext) {
  const callerArb = fc.oneof(
    ...context.callers.map(({ weight, header }) => ({ weight, arbitrary: fc.constant(header) })),
  );
  return fc
    .record({
      route: fc.constantFrom(...routes),
      caller: callerArb,
      pick: fc.nat(1000),
      paramBreak: fc.oneof(
        { weight: 6, arbitrary: fc.constant<'valid' | 'random-uuid' | 'hostile'>('valid') },
        { weight: 1, arbitrary: fc.constant<'valid' | 'random-uuid' | 'hostile'>('random-uuid') },
        { weight: 3, arbitrary: fc.constant<'valid' | 'random-uuid' | 'hostile'>('hostile') },
      ),
      hostileParam: hostileValue,
      pathTrick: fc.oneof(
        { weight: 7, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...PATH_TRICKS) },
      ),
      bodyMode: fc.oneof(
        { weight: 10, arbitrary: fc.constant('mutated') },
        { weight: 6, arbitrary: fc.constant('one-hostile-string') },
        { weight: 2, arbitrary: fc.constant('whole-value') },
        { weight: 2, arbitrary: fc.constant('bad-json') },
        { weight: 2, arbitrary: fc.constant('wrong-content-type') },
        { weight: 3, arbitrary: fc.constant('multipart') },
        { weight: 1, arbitrary: fc.constant('empty') },
        { weight: 1, arbitrary: fc.constant('over-limit') },
      ),
      mutations: fc.array(
        fc.record({
          action: fc.constantFrom('drop', 'replace', 'replace', 'replace', 'add-unknown', 'add-prototype'),
          field: fc.nat(10),
          value: hostileValue,
        }),
        { minLength: 1, maxLength: 4 },
      ),
      wholeValue: fc.oneof(hostileValue, fc.jsonValue()),
      hostileString,
      badJson: fc.oneof(fc.constantFrom(...BAD_JSON), fc.string({ unit: 'binary', maxLength: 200 })),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      multipart: fc.record({
        parts: fc.array(
          fc.record({
            field: fc.constantFrom('files', 'file', 'caption', 'replyTo', '__proto__', 'x'.repeat(300), ''),
            file: fc.option(fc.constantFrom(...FILE_SAMPLES), { freq: 3 }),
            value: hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
          }),
          { maxLength: 7 },
        ),
        breakage: fc.constantFrom(
          'none',
          'none',
          'none',
          'truncated',
          'no-final-boundary',
          'wrong-boundary',
          'no-boundary',
          'no-disposition',
        ),
      }),
      query: fc.array(
        fc.record({
          key: fc.oneof(
            fc.constantFrom(
              'limit',
              'page',
              'status',
              'q',
              'cursor',
              'before',
              'from',
              'to',
              'customer',
              'expires',
              'signature',
              'hub.mode',
              '__proto__[x]',
              'constructor[prototype][x]',
              'limit[]',
            ),
            fc.string({ maxLength: 8 }),
          ),
          value: hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
        }),
        { maxLength: 4 },
      ),
      webhookSignature: fc.option(
        fc.oneof(fc.constant('sha256='), fc.string({ maxLength: 70 }), fc.constant(`sha256=${'0'.repeat(64)}`)),
      ),
    })
    .map((r): GeneratedRequest => {
      const key = `${r.route.method} ${r.route.url}`;
      const schema = ROUTE_SCHEMAS[key] ?? ROUTE_SCHEMAS[`GET ${r.route.url}`] ?? {};
      const how: string[] = [];
      const headers: Record<string, string> = {};
      if (r.caller) headers.authorization = r.caller;

      // Path: the caller's own ids, a random uuid, or a hostile value, in each param.
      let url = r.route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        const kind = schema.params?.[name] ?? 'conversation';
        if (r.paramBreak === 'valid') return String(validValue(kind, context.own, r.pick));
        if (r.paramBreak === 'random-uuid') return crypto.randomUUID();
        how.push(`param ${name}=${JSON.stringify(r.hostileParam)?.slice(0, 60)}`);
        return encodePathSegment(r.hostileParam);
      });
      url = url.replace(/\*$/, 'remote-inbox/1.0.0/remoteEntry.js');
      if (r.pathTrick) {
        how.push(`path trick ${r.pathTrick.slice(0, 40)}`);
        url = url.replace(/\/$/, '') + r.pathTrick;
      }

      // Query: the known keys with valid values, then hostile extras.
      const query = new URLSearchParams();
      for (const [name, kind] of Object.entries(schema.query ?? {})) {
        if (r.pick % 3 === 0) query.append(name, String(validValue(kind, context.own, r.pick)));
      }
      for (const { key: name, value } of r.query) {
        query.append(name, value);
        how.push(`query ${name}=${value.slice(0, 40)}`);
      }
      const queryNames = Object.keys(schema.query ?? {});
      const isRead = r.route.method === 'GET' || r.route.method === 'HEAD';
      if (isRead && r.bodyMode === 'one-hostile-string' && queryNames.length > 0) {
        const name = queryNames[r.pick % queryNames.length];
        query.set(name, r.hostileString);
        how.push(`query ${name}=${JSON.stringify(r.hostileString).slice(0, 60)}`);
      }
      const search = query.toString();
      if (search) url += `?${search}`;

      let payload: string | Buffer | undefined;
      const hasBody = r.route.method !== 'GET' && r.route.method !== 'HEAD';
      if (hasBody) {
        const valid: Record<string, unknown> = {};
        for (const [name, kind] of Object.entries(schema.body ?? {}))
          valid[name] = validValue(kind, context.own, r.pick);
        const names = Object.keys(valid);
        switch (r.bodyMode) {
          case 'mutated': {
            const body: Record<string, unknown> = { ...valid };
            for (const mutation of r.mutations) {
              const name = names[mutation.field % Math.max(1, names.length)] ?? 'field';
              if (mutation.action === 'drop') delete body[name];
              else if (mutation.action === 'replace') body[name] = mutation.value;
              else if (mutation.action === 'add-unknown') body[`unknown${mutation.field}`] = mutation.value;
              else if (!Object.prototype.hasOwnProperty.call(body, '__proto__'))
                Object.defineProperty(body, '__proto__', {
                  value: { role: 'owner', accountId: crypto.randomUUID() },
                  enumerable: true,
                });
              how.push(`${mutation.action} ${name}=${JSON.stringify(mutation.value)?.slice(0, 60)}`);
            }
            payload = JSON.stringify(body);
            headers['content-type'] = 'application/json';
            break;
          }
          case 'one-hostile-string': {
            // Valid in every other way (the caller's own ids, right types), so it reaches the store.
            const name = names[r.pick % Math.max(1, names.length)];
            const body: Record<string, unknown> = { ...valid };
            if (name) body[name] = r.hostileString;
            payload = JSON.stringify(body);
            headers['content-type'] = 'application/json';
            how.push(`${name ?? 'no field'}=${JSON.stringify(r.hostileString).slice(0, 60)}`);
            break;
          }
          case 'whole-value':
            payload = JSON.stringify(r.wholeValue) ?? 'null';
            headers['content-type'] = 'application/json';
            how.push(`body ${payload.slice(0, 60)}`);
            break;
          case 'bad-json':
            payload = r.badJson;
            headers['content-type'] = 'application/json';
            how.push(`bad json ${r.badJson.slice(0, 60)}`);
            break;
          case 'wrong-content-type':
            payload = JSON.stringify(valid);
            headers['content-type'] = r.contentType;
            how.push(`content-type ${r.contentType}`);
            break;
          case 'multipart': {
            const parts = r.multipart.parts.map((part) => ({
              field: schema.multipart && part.file ? (r.pick % 4 === 0 ? part.field : schema.multipart) : part.field,
              file: part.file ?? undefined,
              value: part.value,
            }));
            const form = multipartOf(parts, r.multipart.breakage);
            payload = form.body;
            headers['content-type'] = form.contentType;
            how.push(
              `multipart ${r.multipart.breakage} [${parts.map((p) => `${p.field.slice(0, 12)}:${p.file?.name.slice(0, 20) ?? 'field'}`).join(', ')}]`,
            );
            break;
          }
          case 'over-limit':
            payload = JSON.stringify({ [names[0] ?? 'text']: OVER_BODY_LIMIT });
            headers['content-type'] = 'application/json';
            how.push('body over the 1 MiB limit');
            break;
          default:
            how.push('no body');
        }
        if (r.route.url === '/webhooks/whatsapp' && r.webhookSignature !== null) {
          headers['x-hub-signature-256'] = r.webhookSignature.replace(/[^\x20-\x7e]/g, '');
          how.push(`signature ${headers['x-hub-signature-256'].slice(0, 20)}`);
        }
      }
      return { method: r.route.method, url, headers, payload, how, route: key };
    });
}
