// Vite build of the browser client. '@lames/rules' is the shared rules package, compiled from source.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    alias: { '@lames/rules': fileURLToPath(new URL('../rules/src/index.ts', import.meta.url)) },
  },
  // No source maps in the build the server ships (issue 7: every player could read them); LAMES_CLIENT_SOURCEMAP=1 for a local debugging build.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000, sourcemap: ['1', 'true'].includes(process.env.LAMES_CLIENT_SOURCEMAP ?? '') },
  // `npm run dev -w @lames/client`: the lobby API is proxied to a server on 2567; Colyseus connects there directly.
  server: { proxy: { '/api': 'http://localhost:2567' } },
});
