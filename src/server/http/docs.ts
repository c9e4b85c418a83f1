import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { STORE } from '../../domain/store-config.ts';
import type { ApiApp, AppDeps } from './context.ts';

const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

// External file rather than an inline script, so the page passes our CSP unchanged.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true });`;

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
  let document: string | null = null;
  app.get('/api/openapi.json', (c) => {
    document ??= JSON.stringify(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: `${STORE.name} API`,
          version: deps.version,
          description: 'The store API. Errors answer { error: { code, message, fieldErrors? } }.',
        },
      }),
    );
    return c.body(document, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
  });

  app.get('/api/docs', (c) => c.html(PAGE));
  app.get('/api/docs/init.js', (c) => c.body(INIT_SCRIPT, 200, { 'Content-Type': ASSETS['swagger-ui-bundle.js'] }));
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  for (const [name, type] of Object.entries(ASSETS)) {
    let body: Uint8Array<ArrayBuffer> | null = null;
    app.get(`/api/docs/${name}`, (c) => {
      body ??= new Uint8Array(readFileSync(join(assetDir, name)));
      return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
    });
  }
}
