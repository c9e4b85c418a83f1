import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { startupChunks } from './scripts/startup-chunks.ts';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  // The start-up JavaScript of the landing pages in a few chunks (ADR 062).
  plugins: [tailwindcss(), reactRouter(), startupChunks()],
  resolve: { tsconfigPaths: true },
  build: {
    // Flags stay separate files, fetched only when shown, instead of inflating the shop's JS.
    assetsInlineLimit: (file) => (file.includes('/flag-icons/') ? false : undefined),
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
