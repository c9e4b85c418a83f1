import { createRoute } from '@hono/zod-openapi';
import {
  ASSISTANT_TEXTS,
  type AssistantEvent,
  assistantEventSchema,
  assistantRequestSchema,
} from '../../domain/assistant.ts';
import { loadHelpArticles } from '../modules/support/articles.ts';
import { createSupportAssistant } from '../modules/support/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, jsonBody, rateLimits } from './route-kit.ts';

export const NDJSON = 'application/x-ndjson';

const assistantRoute = createRoute({
  method: 'post',
  path: '/api/support/assistant',
  security: ACCESS.anyone,
  tags: ['support'],
  summary:
    'Ask the support assistant: an answer from the help articles with its sources, or an order’s state for its id and email, streamed as JSON lines',
  request: jsonBody(assistantRequestSchema),
  responses: {
    200: {
      description: 'One JSON event per line: sources, text pieces, an order, then done (or error)',
      content: { [NDJSON]: { schema: assistantEventSchema } },
    },
    400: { description: 'No question, or one over 1,000 characters' },
    429: { description: 'Too many questions from this address' },
  },
});

export function supportRoutes(app: ApiApp, deps: AppDeps) {
  const { ASSISTANT_API_URL: url, ASSISTANT_API_KEY: apiKey, ASSISTANT_MODEL: model } = deps.config;
  const assistant = createSupportAssistant({
    db: deps.database.db,
    articles: loadHelpArticles(),
    model: url && apiKey && model ? { url, apiKey, model } : undefined,
    logger: deps.logger,
  });

  app.use('/api/support/assistant', rateLimits(deps)('assistant', deps.config.ASSISTANT_RATE_LIMIT));

  app.openapi(assistantRoute, (c) => {
    const { message } = c.req.valid('json');
    const logger = c.get('logger');
    const signal = c.req.raw.signal;
    const encoder = new TextEncoder();
    const line = (event: AssistantEvent) => encoder.encode(`${JSON.stringify(event)}\n`);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          for await (const event of assistant.answer(message, signal)) controller.enqueue(line(event));
        } catch (error) {
          // A reader that went away needs no answer; anyone else learns it failed.
          if (signal.aborted) return;
          logger.error({ err: error }, 'assistant answer failed');
          controller.enqueue(line({ type: 'error', message: ASSISTANT_TEXTS.failed }));
        }
        controller.close();
      },
    });
    return c.body(body, 200, { 'Content-Type': `${NDJSON}; charset=utf-8`, 'Cache-Control': 'no-store' });
  });
}
