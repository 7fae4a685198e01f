import Fastify from 'fastify';
import { installErrorHandler } from './error-handler';
import { containsNul, installNulGuard, NUL_MESSAGE, parseSanitizedJson, sanitizeStrings } from './nul-guard';

describe('containsNul', () => {
  it('finds a NUL in strings, nested values and keys', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['fine', 1, null, true], b: 'ok' })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});

describe('installNulGuard', () => {
  const app = Fastify();
  installErrorHandler(app);
  installNulGuard(app);
  app.post('/echo/:id', async (request) => ({ body: request.body, query: request.query }));
  afterAll(() => app.close());

  it.each([
    ['body', { url: '/echo/1', payload: { name: 'a\u0000' } }],
    ['query', { url: '/echo/1?q=%00', payload: {} }],
    ['path', { url: '/echo/a%00b', payload: {} }],
  ])('refuses a NUL in the %s with 400', async (_where, request) => {
    const response = await app.inject({ method: 'POST', ...request });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NUL_MESSAGE, code: 'bad_request' });
  });

  it('stores a lone surrogate in a JSON body as U+FFFD instead of failing later', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"half \\ud83d emoji"}',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().body).toEqual({ name: 'half \uFFFD emoji' });
  });

  it('lets other text through', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo/1?q=ok', payload: { name: 'Zoë 🙂' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('sanitizeStrings', () => {
  it('replaces NUL and lone surrogates in strings and keys with U+FFFD, keeping pairs and everything else', () => {
    expect(sanitizeStrings({ 'a\u0000': ['x\u0000y', 1, null, { b: '\ud800' }], c: true, d: 'ok 🙂 \udc00!' })).toEqual(
      {
        'a\uFFFD': ['x\uFFFDy', 1, null, { b: '\uFFFD' }],
        c: true,
        d: 'ok 🙂 \uFFFD!',
      },
    );
  });
});

describe('parseSanitizedJson', () => {
  it('replaces what Meta escapes as NUL or a lone surrogate, in values and keys, and keeps pairs and other text', () => {
    expect(
      parseSanitizedJson('{"a":"x\\u0000y","k\\u0000":1,"b":"\\ud800","c":"\\ud83d\\ude00","d":"caf\\u00e9"}'),
    ).toEqual({
      a: 'x\uFFFDy',
      'k\uFFFD': 1,
      b: '\uFFFD',
      c: '😀',
      d: 'café',
    });
    expect(parseSanitizedJson('{"a":"plain","b":[1,null,{"c":"ok"}]}')).toEqual({
      a: 'plain',
      b: [1, null, { c: 'ok' }],
    });
  });
});
