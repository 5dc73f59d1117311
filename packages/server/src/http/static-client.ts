import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import express, { type Application, type NextFunction, type Request, type Response } from 'express';

/**
 * The built client, delivered as a production server should (issue 11).
 *
 * Compression: the client build writes a brotli (`.br`) and a gzip (`.gz`)
 * twin next to every text file worth it (packages/client/vite.config.mjs),
 * and this server sends the twin the browser accepts. Chosen over
 * compressing each answer on the fly (the `compression` middleware) because
 * - the files are compressed once, at the best levels (brotli 11, gzip 9),
 *   where an on-the-fly compressor pays CPU on every download of a 900 KB
 *   bundle and settles for faster, weaker levels;
 * - only the public client files are compressed, never the API's answers:
 *   a compressed answer whose length mixes a secret with text a client
 *   chose is how BREACH-style attacks read secrets; the API's answers are
 *   small and stay as they are.
 * A build without twins (or a browser that accepts neither) gets the plain
 * file, so the server works with any client directory.
 *
 * Caching: Vite names every file under `assets/` after a hash of its
 * content, so those never change: cached for a year and `immutable` (no
 * revalidation on reload). Everything else (index.html, which names the
 * current assets) is `no-cache`: the browser revalidates it each time
 * (ETag / Last-Modified), so a new build is seen at once.
 *
 * Source maps are never served: the HTTP guard refuses any `*.map` path
 * before it reaches here (limits/http-guard.ts).
 */

export const CACHE_HASHED = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/** The twins the client build writes, in the order this server prefers them (brotli is the smaller). */
const TWINS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The built client, and index.html for any other GET so the client's own routes survive a reload. */
export function serveClient(app: Application, dir: string): void {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  app.use(compressedTwin(root));
  app.use(
    express.static(root, {
      index: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', cacheControlOf(path.relative(root, file)));
        // The same URL has compressed twins: caches must key on the encoding asked for.
        res.vary('Accept-Encoding');
      },
    }),
  );
  app.get('/{*path}', (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', CACHE_REVALIDATE);
    res.sendFile(index);
  });
}

/** Cache-Control of a file of the build, by its path relative to the build's root. */
export function cacheControlOf(relative: string): string {
  return relative.split(path.sep).join('/').startsWith('assets/') ? CACHE_HASHED : CACHE_REVALIDATE;
}

/** Sends the compressed twin of a requested file when the browser accepts its encoding and the twin is current. */
function compressedTwin(root: string) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const relative = safeRelative(req.path);
    if (!relative) return next();
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    try {
      for (const twin of TWINS) {
        if (!accepted.has(twin.encoding)) continue;
        if (!(await isCurrentTwin(path.join(root, relative), twin.suffix))) continue;
        res.setHeader('Content-Encoding', twin.encoding);
        res.setHeader('Cache-Control', cacheControlOf(relative));
        res.vary('Accept-Encoding');
        // The type of the file itself, not of its `.br` / `.gz` name.
        res.type(path.extname(relative));
        return res.sendFile(relative + twin.suffix, { root, dotfiles: 'deny' }, (err) => {
          if (!err) return;
          // Nothing was sent (the twin went away under a rebuild): answer as for any failed request.
          res.removeHeader('Content-Encoding');
          next(err);
        });
      }
    } catch (e) {
      return next(e);
    }
    next();
  };
}

/**
 * The request's path as a file path under the root, or null when it could
 * name something else: bad escapes, NUL, `..`, or a dotfile segment.
 * Checked here because the twin is looked up before `sendFile`'s own checks.
 */
function safeRelative(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return null;
  return segments.join('/');
}

/** A twin is sent only next to its file and when written after it: a stale twin of an unhashed file is never served. */
async function isCurrentTwin(file: string, suffix: string): Promise<boolean> {
  const [plain, twin] = await Promise.all([stat(file).catch(() => null), stat(file + suffix).catch(() => null)]);
  return !!plain?.isFile() && !!twin?.isFile() && twin.mtimeMs >= plain.mtimeMs;
}

/** The content codings an Accept-Encoding header allows (q > 0); `*` allows those not named. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const named = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    named.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = named.get('*') ?? 0;
  const out = new Set<string>();
  for (const { encoding } of TWINS) if ((named.get(encoding) ?? star) > 0) out.add(encoding);
  return out;
}
