/**
 * The API reference (docs/api.md): the OpenAPI document generated from the route table and the contract's
 * schemas is valid OpenAPI 3.1, covers every route the server answers with its shapes, and is rendered at
 * /api/docs; answers that do not match their declared schema are caught (tests run with answers checked).
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { refusals, typed } from '../../src/http/api-reference';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Routes that are not API calls: the shell's files and the reference page's own (hidden from the document). */
const NOT_IN_REFERENCE = [
  /^\/$/,
  /^\/\*$/,
  /^\/remotes\.json$/,
  /^\/deployments\/\*$/,
  /^\/api\/docs(\/|$)/,
  /^\/api\/openapi\.json$/,
];
/** The hosting module's report endpoint declares no schema yet (server/src/hosting is not routed through here). */
/** Calls that take no body: their POST carries none (the path says everything). */
const WITHOUT_BODY = new Set([
  'POST /auth/logout',
  'POST /api/account/assets/{id}',
  'POST /api/conversations/{id}/read',
  'POST /api/conversations/{id}/messages/{messageId}/retry',
  'PUT /api/conversations/{id}/labels/{labelId}',
]);

type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content: Record<string, unknown> };
  responses?: Record<string, unknown>;
  security?: unknown[];
};
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** @seriousme/openapi-schema-validator is ES modules only (jest runs CommonJS): it runs in a node of its own. */
function validateOpenApi(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const validator = pathToFileURL(require.resolve('@seriousme/openapi-schema-validator')).href;
  const script = `
    import { Validator } from ${JSON.stringify(validator)};
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const result = await new Validator().validate(JSON.parse(input));
    process.stdout.write(JSON.stringify(result));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`validator exited ${code}`)),
    );
    child.stdin.end(JSON.stringify(document));
  });
}

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

let server: TestServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer({
    deps: {
      extraModules: [
        {
          name: 'answer-mismatch-probe',
          register(app) {
            // Declares a number and answers a string: the check must refuse it.
            typed(app).get(
              '/api/test/mismatched-answer',
              {
                config: { access: 'public' },
                schema: { tags: ['Test'], response: { 200: z.object({ count: z.number() }), ...refusals } },
              },
              async () => ({ count: 'three' }) as unknown as { count: number },
            );
          },
        },
      ],
    },
  });
  const answer = await server.request<OpenApiDocument>('GET', '/api/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(() => server?.close());

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validateOpenApi(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('covers every route of the live table with its parameters, body and answers', () => {
    const problems: string[] = [];
    const routes = server.app
      .listRouteAccess()
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .filter((route) => !NOT_IN_REFERENCE.some((pattern) => pattern.test(route.url)));
    for (const route of routes) {
      const key = `${route.method} ${openApiPath(route.url)}`;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${key}: missing (declare its schema with tags)`);
        continue;
      }
      const statuses = Object.keys(operation.responses ?? {});
      if (!statuses.some((status) => /^2/.test(status))) problems.push(`${key}: no success answer`);
      if (!statuses.includes('4XX')) problems.push(`${key}: no refusal answer`);
      for (const [, name] of route.url.matchAll(/:([A-Za-z]+)/g)) {
        if (!operation.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
          problems.push(`${key}: path parameter ${name} undeclared`);
        }
      }
      const takesBody = (route.method === 'POST' || route.method === 'PUT') && !WITHOUT_BODY.has(key);
      if (takesBody && !operation.requestBody) problems.push(`${key}: no request body`);
      const signedIn = route.access === 'user' || route.access === 'owner';
      if (signedIn !== Boolean(operation.security)) problems.push(`${key}: security does not say '${route.access}'`);
    }
    expect(problems).toEqual([]);
    // The probe is there too: routes added by any module are documented.
    expect(document.paths['/api/test/mismatched-answer']).toBeDefined();
  });

  it('shows query parameters a client may leave out as optional', () => {
    const limit = document.paths['/api/contacts'].get.parameters?.find((parameter) => parameter.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { maximum: 100 } });
  });

  it('answers a 500 naming the mismatch when an answer does not match its schema', async () => {
    const answer = await server.request('GET', '/api/test/mismatched-answer');
    expect(answer.status).toBe(500);
  });

  it('refuses input with the readable texts, before the handler runs', async () => {
    const token = (await server.signedInOwner()).token;
    const answer = await server.request('PUT', '/api/account', { token, body: { name: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Name is required',
      code: 'invalid_body',
      errors: { name: 'Name is required' },
    });
  });
});

describe('the reference page', () => {
  it('is served at /api/docs with scripts the Content-Security-Policy allows', async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      // Same-origin files only ('self'), each served.
      expect(src).not.toMatch(/^[a-z]+:\/\//i);
      const script = await fetch(new URL(src, `${server.url}/api/docs/`));
      expect(script.status).toBe(200);
    }
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});
