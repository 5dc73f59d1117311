/**
 * Issue 11, delivery: the real client build as the server delivers it.
 * Every hashed asset is sent compressed (brotli or gzip, whichever the
 * browser accepts) and cached a year as immutable; index.html is revalidated
 * (no-cache); no source map exists, is named, or is served. Checked on the
 * wire (raw HTTP, where nothing decompresses for us) and in chromium: the
 * page's own asset downloads are compressed, and a second visit takes them
 * from the cache without asking the server.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { checkBrowserPrerequisites, DIST_INDEX, launchChromium, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';

jest.setTimeout(90_000);

const DIST = dirname(DIST_INDEX);
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
const pages = new PlayerPages({ width: 1280, height: 800 });

function get(urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server!.port, path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (a: Answer) => (a.headers['content-encoding'] === 'br' ? brotliDecompressSync(a.body) : a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body);

/** The build's JS and CSS files, as served paths. */
const assets = () => readdirSync(join(DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `/assets/${f}`);

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-delivery-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined });
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('static delivery of the built client (issue 11)', () => {
  test('index.html is revalidated on every visit (no-cache) and names hashed assets', async () => {
    const index = await get('/', { Accept: 'text/html' });
    expect(index.status).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const named = [...decode(index).toString().matchAll(/(?:src|href)="\.?(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const p of named) expect(assets()).toContain(p);
  });

  test('every JS and CSS asset above 1 KiB: brotli or gzip as asked, the same bytes once decoded, cached a year and immutable', async () => {
    let checked = 0;
    for (const p of assets()) {
      const onDisk = readFileSync(join(DIST, p));
      for (const encoding of ['br', 'gzip']) {
        const answer = await get(p, { 'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate' });
        expect([p, answer.status, answer.headers['cache-control']]).toEqual([p, 200, IMMUTABLE]);
        if (onDisk.length < 1024) continue;
        expect([p, answer.headers['content-encoding']]).toEqual([p, encoding]);
        expect(answer.body.length).toBeLessThan(onDisk.length);
        expect(decode(answer).equals(onDisk)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  test('no source map: none built, none named by the served JS, none served', async () => {
    expect(readdirSync(DIST, { recursive: true }).map(String).filter((f) => /\.map$/.test(f))).toEqual([]);
    for (const p of assets()) {
      const text = decode(await get(p, { 'Accept-Encoding': 'br' })).toString();
      expect([p, /sourceMappingURL/.test(text)]).toEqual([p, false]);
      expect([p, (await get(`${p}.map`, { Accept: 'text/html,*/*' })).status]).toEqual([p, 404]);
    }
  });

  test('in chromium: the page’s assets arrive compressed, and a second visit takes them from the cache', async () => {
    const page = await pages.blank(browser!, 'Visitor');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const seen: { url: string; encoding: string; cache: string }[] = [];
    const urlOf = new Map<string, string>();
    const fromCache = new Set<string>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => urlOf.set(e.requestId, e.request.url));
    cdp.on('Network.requestServedFromCache', (e: { requestId: string }) => fromCache.add(urlOf.get(e.requestId) ?? ''));
    cdp.on('Network.responseReceived', (e: { response: { url: string; headers: Record<string, string> } }) => {
      if (!e.response.url.includes('/assets/')) return;
      const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      seen.push({ url: e.response.url, encoding: h['content-encoding'] ?? '', cache: h['cache-control'] ?? '' });
    });
    const base = `http://127.0.0.1:${server!.port}/`;
    await page.goto(base);
    await page.waitForSelector('#player-name');
    const first = seen.splice(0);
    expect(first.length).toBeGreaterThan(0);
    for (const r of first) {
      expect([r.url, r.cache, fromCache.has(r.url)]).toEqual([r.url, IMMUTABLE, false]);
      // a file under 1 KiB has no twin: compressing it saves less than the header costs
      const size = readFileSync(join(DIST, new URL(r.url).pathname)).length;
      expect([r.url, size < 1024 || ['br', 'gzip'].includes(r.encoding)]).toEqual([r.url, true]);
    }

    await page.goto('about:blank');
    await page.goto(base);
    await page.waitForSelector('#player-name');
    expect(seen.length).toBe(first.length);
    // immutable: not even a revalidation, every asset comes from the browser's cache
    for (const r of seen) expect([r.url, fromCache.has(r.url)]).toEqual([r.url, true]);
    expect(pages.realErrors()).toEqual([]);
  });
});
