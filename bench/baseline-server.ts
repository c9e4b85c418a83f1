// The smallest server the same toolchain can start: the baseline for start-up figures.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/api/health', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
