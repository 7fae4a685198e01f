/**
 * Routes declare their shapes with the contract's zod schemas (`schema: { params, querystring, body, response }`),
 * and this file makes those declarations do three things:
 *   - validate: Fastify checks params, query and body with them before the handler runs; a refusal is our 400
 *     `{ message, errors }` (the readable texts of validation.ts), plus `description` on routes whose screens
 *     show it (config `describedRefusals`);
 *   - check answers (tests only, `checkAnswers`): an answer that does not parse with its status's schema is a
 *     500 naming the route and the mismatch. Answers are sent as the handler built them, never reshaped;
 *   - document: @fastify/swagger turns the route table into OpenAPI 3.1 at GET /api/openapi.json, and
 *     @fastify/swagger-ui renders it at /api/docs. Both are public: the list of routes is no secret (each route
 *     still checks its caller), see docs/api.md.
 * Routes without tags (the shell's files, the reference page itself) are left out of the document.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, FastifyServerOptions } from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorAnswer } from '@parley/contract';
import type { z } from 'zod';
import type { RouteAccess } from './access';
import { ValidationError } from './errors';
import { parseInput } from './validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refusals also carry their text as `description` (the library screens show it). */
    describedRefusals?: boolean;
  }
}

export const API_DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/** Every route's refusals: 4xx `{ message }` (docs/api.md, Errors). */
export const refusals = { '4xx': errorAnswer } as const;

/**
 * Schemas only documented, never checked by Fastify: the handler reads that part itself (a multipart upload is
 * streamed, a webhook's signed bytes are verified before they are parsed).
 */
const readByHandler = new WeakSet<object>();
export function documentedOnly<S extends z.ZodType>(schema: S): S {
  readByHandler.add(schema);
  return schema;
}

const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: 'Public.',
  user: 'Signed-in staff (owner or agent).',
  owner: 'The account owner only (agents get 403).',
  webhook: "Meta's callback: no bearer token; the X-Hub-Signature-256 header is the credential.",
};

export class AnswerMismatchError extends Error {
  constructor(method: string, url: string, status: string, issues: z.core.$ZodIssue[]) {
    const where = issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
    super(`${method} ${url} answered ${status} in a shape its schema does not allow: ${where}`);
    this.name = 'AnswerMismatchError';
  }
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  if (readByHandler.has(schema)) return (data) => ({ value: data });
  return (data) => {
    try {
      return { value: parseInput(schema, data) };
    } catch (error) {
      if (error instanceof ValidationError) return { error };
      throw error;
    }
  };
};

/**
 * Fastify's compilers (app.ts gives them when it makes the instance): zod validates what comes in and, with
 * `checkAnswers` (tests; off in production, where answers are only serialized), checks what goes out. Given then,
 * not set later, Fastify never loads its default compilers (ajv, fast-json-stringify), which no route would use:
 * about 0.15 CPU-s of every server start.
 */
export function zodSchemaController(checkAnswers: boolean): FastifyServerOptions['schemaController'] {
  const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url, httpStatus }) => {
    if (!checkAnswers) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new AnswerMismatchError(method, url, String(httpStatus), result.error.issues);
      return JSON.stringify(data);
    };
  };
  // Fastify's factory types are ajv's and fast-json-stringify's; the compilers it calls take any schema.
  const compilersFactory = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler };
  return { compilersFactory } as unknown as FastifyServerOptions['schemaController'];
}

/**
 * Before any route is registered: the access notes and the collection of the document (`version`: the API's version
 * in it).
 */
export async function installApiReference(app: FastifyInstance, { version }: { version: string }): Promise<void> {
  // The access declaration (access.ts) becomes the operation's security and a sentence of its description.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.schema || route.schema.hide || !access) return;
    const note = ACCESS_TEXT[access];
    route.schema = {
      ...route.schema,
      description: route.schema.description ? `${route.schema.description}\n\n${note}` : note,
      ...(access === 'user' || access === 'owner' ? { security: [{ bearer: [] }] } : {}),
    };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parley API',
        version,
        description:
          'The HTTP API of Parley. Authentication, errors, paging and the realtime events are described in ' +
          'docs/api.md; the shapes here are generated from the @parley/contract package.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of POST /auth/login' },
        },
      },
    },
    hideUntagged: true,
    transform: createJsonSchemaTransform({ skipList: [] }),
  });

  const publicRoute = { config: { access: 'public' as const } };
  app.get(OPENAPI_PATH, { ...publicRoute, schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: { title: 'Parley API reference' },
  });
}

/** The instance to register routes on, with handlers typed from the zod schemas they declare. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
