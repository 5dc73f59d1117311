/**
 * Issue 11, delivery: the built client is sent compressed (the build's
 * brotli / gzip twins, packages/server/src/http/static-client.ts), hashed
 * assets are cached for good, everything else is revalidated; a twin never
 * opens a way around the file server's own checks.
 * The real build is checked in a browser by e2e/delivery.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { acceptedEncodings, CACHE_HASHED, CACHE_REVALIDATE } from '../src/http/static-client';
import { startTestServer, type TestServer } from './helpers';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request: fetch would decompress the body and hide what was on the wire. */
function get(server: TestServer, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method: 'GET', path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const APP_JS = `console.log(${JSON.stringify('lames '.repeat(400))});\n`;
const INDEX = '<!doctype html><title>Lames</title><script type="module" src="./assets/app-Ab12.js"></script>';
const OTHER = 'unhashed text\n'.repeat(200);

let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'lames-client-'));
  const at = (...p: string[]) => path.join(clientDir, ...p);
  mkdirSync(at('assets'));
  writeFileSync(at('index.html'), INDEX);
  writeFileSync(at('assets', 'app-Ab12.js'), APP_JS);
  writeFileSync(at('assets', 'app-Ab12.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(at('assets', 'app-Ab12.js.gz'), gzipSync(APP_JS));
  writeFileSync(at('assets', 'plain-Cd34.css'), 'body{}');
  // A twin left over from an older build of an unhashed file: older than the file, never sent.
  writeFileSync(at('other.txt'), OTHER);
  writeFileSync(at('other.txt.gz'), gzipSync('what the file said before'));
  utimesSync(at('other.txt.gz'), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
  // Outside the client directory: a twin lookup must never reach it.
  writeFileSync(path.join(path.dirname(clientDir), `${path.basename(clientDir)}-outside.txt.gz`), gzipSync('the outside twin'));
  server = await startTestServer({}, { clientDir });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
  rmSync(path.join(path.dirname(clientDir), `${path.basename(clientDir)}-outside.txt.gz`), { force: true });
});

describe('static delivery of the built client (issue 11)', () => {
  test('a hashed asset: the brotli twin when br is accepted, gzip otherwise, cached a year and immutable', async () => {
    const br = await get(server, '/assets/app-Ab12.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe(CACHE_HASHED);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);

    const gz = await get(server, '/assets/app-Ab12.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
  });

  test('no accepted encoding (none asked, or br and gzip refused with q=0): the plain file, with the same caching', async () => {
    for (const headers of [{} as Record<string, string>, { 'Accept-Encoding': 'br;q=0, gzip;q=0, identity' }, { 'Accept-Encoding': '*;q=0' }]) {
      const plain = await get(server, '/assets/app-Ab12.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(CACHE_HASHED);
      expect(plain.body.toString()).toBe(APP_JS);
    }
  });

  test('an asset without twins is sent plain, still immutable', async () => {
    const css = await get(server, '/assets/plain-Cd34.css', { 'Accept-Encoding': 'br, gzip' });
    expect([css.status, css.headers['content-encoding'], css.headers['cache-control']]).toEqual([200, undefined, CACHE_HASHED]);
  });

  test('index.html and the client routes are revalidated (no-cache) and answer 304 when unchanged', async () => {
    for (const p of ['/', '/index.html', '/b/some-battle']) {
      const page = await get(server, p, { Accept: 'text/html' });
      expect([p, page.status, page.headers['cache-control']]).toEqual([p, 200, CACHE_REVALIDATE]);
      expect(page.body.toString()).toBe(INDEX);
      const again = await get(server, p, { Accept: 'text/html', 'If-None-Match': String(page.headers.etag) });
      expect([p, again.status]).toEqual([p, 304]);
    }
  });

  test('a twin older than its file (an earlier build) is never sent', async () => {
    const other = await get(server, '/other.txt', { 'Accept-Encoding': 'gzip' });
    expect(other.headers['content-encoding']).toBeUndefined();
    expect(other.headers['cache-control']).toBe(CACHE_REVALIDATE);
    expect(other.body.toString()).toBe(OTHER);
  });

  test('no path reaches a twin outside the client directory or a dotfile', async () => {
    const name = `${path.basename(clientDir)}-outside.txt`;
    for (const p of [`/../${name}`, `/%2e%2e/${name}`, `/assets/..%2f..%2f${name}`, '/.hidden', '/assets/%00app-Ab12.js', '/%E0%A4%A']) {
      const answer = await get(server, p, { 'Accept-Encoding': 'gzip', Accept: 'application/json' });
      expect([p, answer.headers['content-encoding']]).toEqual([p, undefined]);
      expect(answer.body.toString()).not.toContain('outside twin');
      expect([p, answer.status >= 400]).toEqual([p, true]);
    }
  });
});

describe('acceptedEncodings', () => {
  test.each([
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0.5, gzip;q=0', ['br']],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, br;q=0', ['gzip']],
    ['identity', []],
    [undefined, []],
    ['BR;Q=1', ['br']],
  ])('%s → %j', (header, expected) => {
    expect([...acceptedEncodings(header)].sort()).toEqual([...expected].sort());
  });
});
