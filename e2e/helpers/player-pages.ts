import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * One browser context per player (its own localStorage: its own seat keys),
 * each opened on the lobby with the player's name filled in, or on a seat
 * link; page errors and console errors are collected so a test can check
 * that none happened.
 */
export class PlayerPages {
  readonly contexts: BrowserContext[] = [];
  readonly consoleErrors: string[] = [];

  constructor(private readonly viewport: { width: number; height: number }) {}

  /** A fresh context (empty storage) and its page, on nothing yet. */
  async blank(browser: Browser, name: string): Promise<Page> {
    const context = await browser.newContext({ viewport: this.viewport, locale: 'fr-FR' });
    this.contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => this.consoleErrors.push(`${name}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') this.consoleErrors.push(`${name}: ${m.text()}`);
    });
    return page;
  }

  async open(browser: Browser, base: string, name: string): Promise<Page> {
    const page = await this.blank(browser, name);
    await page.goto(base);
    await page.waitForSelector('#player-name');
    await page.fill('#player-name', name);
    return page;
  }

  async closeAll(): Promise<void> {
    for (const c of this.contexts) await c.close().catch(() => undefined);
  }

  /**
   * Errors a page reported, less the harmless ones of a headless GPU-less
   * browser, and less the matchmaker's 522 "no room open" that chromium logs
   * when a saved battle is entered: the client then opens it from its save.
   */
  realErrors(): string[] {
    return this.consoleErrors.filter((e) => !/favicon|WebGL|GPU/i.test(e) && !/Failed to load resource: .*status of 522\b/.test(e));
  }
}
