import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from '@hono/zod-openapi';
import { STORE } from '../../domain/store-config.ts';
import { AppError } from '../errors.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { ACCESS } from './route-kit.ts';
import type { ApiApp, AppDeps } from './context.ts';

const SCRIPT = 'text/javascript; charset=utf-8';

/** The page's files: swagger-ui-dist's, and its start, a file rather than an inline script so the page passes our CSP. */
type DocsAsset = 'swagger-ui.css' | 'swagger-ui-bundle.js' | 'init.js';
const FILES: Record<DocsAsset, { type: string; text?: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { type: SCRIPT },
  'init.js': {
    type: SCRIPT,
    text: `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true });`,
  },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${STORE.name} API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

export function docsRoutes(app: ApiApp, deps: AppDeps) {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/openapi.json',
    tags: ['platform'],
    summary: 'This document',
    security: ACCESS.anyone,
    responses: {
      200: { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: z.object({}) } } },
    },
  });
  let document: string | null = null;
  app.get('/api/openapi.json', (c) => {
    document ??= JSON.stringify(buildOpenApiDocument(app, deps));
    return c.body(document, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/docs',
    tags: ['platform'],
    summary: 'This document, to read and try in a browser (Swagger UI)',
    security: ACCESS.anyone,
    responses: { 200: { description: 'The reference page', content: { 'text/html': { schema: z.string() } } } },
  });
  app.get('/api/docs', (c) => c.html(PAGE));

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/docs/{asset}',
    tags: ['platform'],
    summary: "The reference page's script and style",
    security: ACCESS.anyone,
    request: { params: z.object({ asset: z.enum(Object.keys(FILES) as [DocsAsset, ...DocsAsset[]]) }) },
    responses: {
      200: {
        description: 'The file',
        content: { 'text/javascript': { schema: z.string() }, 'text/css': { schema: z.string() } },
      },
      404: { description: 'No such file' },
    },
  });
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  app.get('/api/docs/:asset', (c) => {
    const name = c.req.param('asset');
    if (!Object.hasOwn(FILES, name)) throw new AppError('NOT_FOUND');
    const file = FILES[name as DocsAsset];
    if (file.text !== undefined) return c.body(file.text, 200, { 'Content-Type': file.type });
    let body = bodies.get(name);
    if (!body) bodies.set(name, (body = new Uint8Array(readFileSync(join(assetDir, name)))));
    return c.body(body, 200, { 'Content-Type': file.type, 'Cache-Control': 'public, max-age=86400' });
  });
}
