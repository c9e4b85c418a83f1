import { z } from 'zod';
import type { ApiApp, AppDeps } from './context.ts';
import { errorBodySchema } from '../../domain/api-error.ts';
import { STORE } from '../../domain/store-config.ts';
import { bodyLimitOf } from './body-limits.ts';

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

// JSON Schema 2020-12, as OpenAPI 3.1 takes it; without its $schema line, which a component does not carry.
const { $schema: _dialect, ...errorJsonSchema } = z.toJSONSchema(errorBodySchema);
type SchemaObject = NonNullable<
  NonNullable<ReturnType<ApiApp['getOpenAPI31Document']>['components']>['schemas']
>[string];
const ERROR_SCHEMA = errorJsonSchema as SchemaObject;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** What every API route may answer, whatever it does (app.ts's guards before any route). */
const GUARD_ANSWERS = {
  400: 'Invalid input: a field that fails its rule, malformed JSON, or a NUL byte or lone surrogate anywhere in the request',
  429: 'Too many requests from this address: wait for Retry-After',
  503: 'The database is briefly away: try again after Retry-After',
} as const;

const WRITE_ANSWERS = {
  403: 'A write from another site (Origin or Sec-Fetch-Site), or a caller without access',
  413: 'The body is larger than this route takes',
} as const;

/** `get /api/orders/{id}/shares` → `getOrdersByIdShares`: unique per operation, stable across builds. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.\-_]/)
    .filter(Boolean)
    .map((part) => {
      const parameter = /^\{(.+)\}$/.exec(part);
      return parameter ? `By${parameter[1]}` : part;
    });
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/**
 * The API's OpenAPI document: the routes' own definitions, plus what holds for all of them
 * (who may call it, the guards' error answers, an operation id) written once here.
 */
export function buildOpenApiDocument(app: ApiApp, deps: AppDeps) {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: `${STORE.name} API`,
      version: deps.version,
      description: 'The store API. Errors answer { error: { code, message, fieldErrors?, details? } }.',
      license: { name: 'Proprietary', url: `${deps.publicUrl}/terms` },
    },
    servers: [{ url: deps.publicUrl, description: 'This store' }],
  });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, Error: ERROR_SCHEMA },
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: 'better-auth.session_token',
        description: 'A signed-in session (POST /api/auth/sign-in/email); routes under /api/admin/ need the admin role',
      },
      orderToken: {
        type: 'apiKey',
        in: 'query',
        name: 'token',
        description: "An order's guest link token, from its confirmation email or receipt",
      },
      conversationToken: {
        type: 'apiKey',
        in: 'query',
        name: 'token',
        description: "A support conversation's link token, from its emails",
      },
      inboundBasic: {
        type: 'http',
        scheme: 'basic',
        description: 'SUPPORT_INBOUND_SECRET as the password, in the inbound webhook address the mail provider calls',
      },
      metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN of the environment' },
      internalToken: {
        type: 'apiKey',
        in: 'header',
        name: 'x-internal-token',
        description: "The running store's own token, for its local commands (admin:create, db:backup)",
      },
      webhookSignature: {
        type: 'apiKey',
        in: 'header',
        name: 'Stripe-Signature',
        description: "The payment provider's signature of the exact body (the sandbox signs with openline-signature)",
      },
    },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Partial<Record<(typeof METHODS)[number], Operation>>)[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      // Every route under /api/admin/ sits behind requireAdmin (app.ts).
      if (path.startsWith('/api/admin/')) {
        operation.security ??= [{ session: [] }];
        operation.responses[401] ??= errorAnswer('Signed out');
        operation.responses[403] ??= errorAnswer('Signed in without the admin role');
      }
      // Every write states its body limit: the general one, or its route's own (issue 45 §7).
      if (method !== 'get')
        (operation as Operation & { 'x-body-limit-bytes'?: number })['x-body-limit-bytes'] = bodyLimitOf(
          path,
          deps.config.BODY_LIMIT_BYTES,
        );
      const answers: Record<string, string> = { ...GUARD_ANSWERS, ...(method === 'get' ? {} : WRITE_ANSWERS) };
      for (const [status, description] of Object.entries(answers)) {
        operation.responses[status] ??= errorAnswer(description);
      }
    }
  }
  return document;
}
