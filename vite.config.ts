import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    // Flags stay separate files, fetched only when shown, instead of inflating the shop's JS.
    assetsInlineLimit: (file) => (file.includes('/flag-icons/') ? false : undefined),
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
