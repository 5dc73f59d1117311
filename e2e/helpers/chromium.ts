import { existsSync, mkdirSync, rmSync } from 'fs';
import { join, resolve } from 'path';
import { chromium, type Browser } from 'playwright-core';
import type { RunningServer } from '../../packages/server/src/app';

/**
 * What every browser test needs around it: the built client, Debian's
 * chromium (never a downloaded browser), a headless launch with the project's
 * flags, and a teardown that closes the server before the pages.
 */
export const ROOT = resolve(__dirname, '..', '..');
export const DIST_INDEX = join(ROOT, 'packages', 'client', 'dist', 'index.html');
export const SHOTS = join(ROOT, 'artifacts', 'screenshots');
export const CHROMIUM = '/usr/bin/chromium';

/** Fails with the command to run when the client is not built or chromium is missing; makes the screenshot folder. */
export function checkBrowserPrerequisites(): void {
  if (!existsSync(DIST_INDEX)) throw new Error(`The client is not built: ${DIST_INDEX} is missing. Run \`npm run build -w @lames/client\` first.`);
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium).`);
  mkdirSync(SHOTS, { recursive: true });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--enable-unsafe-swiftshader'],
  });
}

/** The server first: it closes the rooms at once, where dropped clients would hold a reconnection window. */
export async function tearDown(parts: { server?: RunningServer; pages: { closeAll(): Promise<void> }; browser?: Browser; dataDir?: string }): Promise<void> {
  await parts.server?.close().catch(() => undefined);
  await parts.pages.closeAll();
  await parts.browser?.close().catch(() => undefined);
  if (parts.dataDir) rmSync(parts.dataDir, { recursive: true, force: true });
}
