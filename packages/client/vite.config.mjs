// Vite build of the browser client. '@lames/rules' is the shared rules package, compiled from source.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    alias: { '@lames/rules': fileURLToPath(new URL('../rules/src/index.ts', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000, sourcemap: true },
  // `npm run dev -w @lames/client`: the lobby API is proxied to a server on 2567; Colyseus connects there directly.
  server: { proxy: { '/api': 'http://localhost:2567' } },
});
