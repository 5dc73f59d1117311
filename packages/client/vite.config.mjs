// Vite build of the browser client. '@lames/rules' is the shared rules package, compiled from source.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig } from 'vite';

/** Text files worth compressing (source maps are never served, so never compressed). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) twin of every text file of the
 * build, at the best levels, once per build: the server sends the twin the
 * browser accepts (packages/server/src/http/static-client.ts says why at
 * build time rather than per answer). A twin not smaller than its file is
 * not written.
 */
function precompress() {
  let outDir = '';
  return {
    name: 'lames-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(files.map((f) => writeTwins(join(outDir, f))));
    },
  };
}

async function writeTwins(file) {
  if ((await stat(file)).size < MIN_BYTES) return;
  const raw = await readFile(file);
  const twins = {
    '.br': await promisify(brotliCompress)(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    '.gz': await promisify(gzip)(raw, { level: 9 }),
  };
  for (const [suffix, data] of Object.entries(twins)) if (data.length < raw.length) await writeFile(file + suffix, data);
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    alias: { '@lames/rules': fileURLToPath(new URL('../rules/src/index.ts', import.meta.url)) },
  },
  plugins: [precompress()],
  // No source maps in the build the server ships (issue 7: every player could read them); LAMES_CLIENT_SOURCEMAP=1 for a local debugging build.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000, sourcemap: ['1', 'true'].includes(process.env.LAMES_CLIENT_SOURCEMAP ?? '') },
  // `npm run dev -w @lames/client`: the lobby API is proxied to a server on 2567; Colyseus connects there directly.
  server: { proxy: { '/api': 'http://localhost:2567' } },
});
