import type { Locator, Page } from 'playwright-core';
import type { GameEvent } from '@lames/rules';
import { clickHex } from './lames-page';

/**
 * Steps of the game page as a player takes them (select a counter, open an
 * action, read the log), and waits on what the page shows, for the browser
 * tests of the chapter-2 actions.
 */

/** What the tests read of the page's view (window.__lames.view). */
export interface ViewUnit {
  id: string;
  name: string;
  hex: number;
  facing: number;
  cohesion: string;
  breath: string;
  steps: number;
  wing: string;
}
export interface ViewWing {
  id: string;
  leader: string | null;
  directive: string;
  morale: number;
  shakenMarkers?: number;
}
type Win = {
  __lames?: {
    selected: string | null;
    picker: string | null;
    view: {
      activeSide: string;
      activation: { piece: string } | null;
      units: ViewUnit[];
      wings: ViewWing[];
    } | null;
  };
};

export async function unitOf(page: Page, id: string): Promise<ViewUnit> {
  const u = await page.evaluate(
    (i) => (window as unknown as Win).__lames?.view?.units.find((x) => x.id === i) ?? null,
    id,
  );
  if (!u) throw new Error(`${id} is not in the page's view`);
  return u;
}

/** Waits until the unit, in the page's view, has every field of `expected`. */
export async function waitUnit(
  page: Page,
  id: string,
  expected: Partial<ViewUnit>,
  timeout = 30_000,
): Promise<void> {
  await page.waitForFunction(
    ({ id, expected }) => {
      const u = (window as unknown as Win).__lames?.view?.units.find((x) => x.id === id) as
        Record<string, unknown> | undefined;
      return !!u && Object.entries(expected).every(([k, v]) => u[k] === v);
    },
    { id, expected: expected as Record<string, unknown> },
    { timeout },
  );
}

/** Waits until the wing, in the page's view, has every field of `expected`. */
export async function waitWing(
  page: Page,
  id: string,
  expected: Partial<ViewWing>,
  timeout = 30_000,
): Promise<void> {
  await page.waitForFunction(
    ({ id, expected }) => {
      const w = (window as unknown as Win).__lames?.view?.wings.find((x) => x.id === id) as
        Record<string, unknown> | undefined;
      return !!w && Object.entries(expected).every(([k, v]) => w[k] === v);
    },
    { id, expected: expected as Record<string, unknown> },
    { timeout },
  );
}

export async function waitActiveSide(page: Page, side: string): Promise<void> {
  await page.waitForFunction(
    (s) => (window as unknown as Win).__lames?.view?.activeSide === s,
    side,
    { timeout: 30_000 },
  );
}

export async function waitActivation(page: Page, piece: string | null): Promise<void> {
  await page.waitForFunction(
    (p) => ((window as unknown as Win).__lames?.view?.activation?.piece ?? null) === p,
    piece,
    { timeout: 30_000 },
  );
}

/** Waits until the side panel shows this picker ('face', 'hex', 'attack', 'move', 'takeCommand'...). */
export async function waitPicker(page: Page, kind: string | null): Promise<void> {
  await page.waitForFunction(
    (k) => ((window as unknown as Win).__lames?.picker ?? null) === k,
    kind,
    { timeout: 30_000 },
  );
}

/**
 * Selects a unit by clicking its hex on the map (again, through the stack,
 * until it is the selection). Each click waits for the page's answer (a new
 * selection), however long a loaded machine takes to draw it, rather than
 * for a fixed time.
 */
export async function select(page: Page, id: string): Promise<void> {
  const { hex } = await unitOf(page, id);
  const selected = () => page.evaluate(() => (window as unknown as Win).__lames?.selected ?? null);
  for (let i = 0; i < 4; i++) {
    const before = await selected();
    if (before === id) return;
    await clickHex(page, hex);
    await page
      .waitForFunction((was) => ((window as unknown as Win).__lames?.selected ?? null) !== was, before, { timeout: 5_000 })
      .catch(() => undefined);
  }
  if ((await selected()) !== id) throw new Error(`could not select ${id} by clicking its hex`);
}

/** Selects the unit and activates it from its action menu. */
export async function activate(page: Page, id: string): Promise<void> {
  await select(page, id);
  await page.click('button[data-action="activate"]');
  await waitActivation(page, id);
}

/** A line of the dice and event log holding `text`, once it is there. */
export async function logLine(page: Page, text: string | RegExp, kind = ''): Promise<Locator> {
  const line = page
    .locator(`[data-testid="log"] li${kind ? `.log-${kind}` : ''}`, { hasText: text })
    .last();
  await line.waitFor({ timeout: 30_000 });
  return line;
}

/**
 * Every test (2D6 roll) among `events` is in the page's log: the subject, the
 * dice, the threshold, the outcome, the rule section, and one line of
 * explanation per modifier.
 */
export async function expectTestLines(
  page: Page,
  events: GameEvent[],
  nameOf: (id: string) => string,
): Promise<void> {
  for (const e of events) {
    if (e.type !== 'test') continue;
    const line = await logLine(
      page,
      // French elides "de" before a vowel: "de Bruno", "d’Uzgul"
      `${/^[aeiouyàâéèêëîïôûü]/i.test(nameOf(e.subject)) ? 'd’' : 'de '}${nameOf(e.subject)} : dés ${e.dice[0]} + ${e.dice[1]}`,
      'test',
    );
    const text = (await line.locator('.log-text').textContent()) ?? '';
    expect(text).toContain(`seuil ${e.threshold}`);
    expect(text).toContain(`= ${e.total}`);
    expect(text).toContain(e.success ? 'réussi' : 'raté');
    await expect(line.locator('.log-section').textContent()).resolves.toBe(e.section);
    expect(await line.getAttribute('class')).toContain(e.success ? 'log-success' : 'log-failure');
    const details = await line.locator('ul.log-details li').allTextContents();
    expect(details).toHaveLength(e.modifiers.length);
    e.modifiers.forEach((m, i) => expect(details[i]).toContain(m.label.fr));
  }
}

/** The wing's entry in the wings panel. */
export function wingEntry(page: Page, wing: string): Locator {
  return page.locator(`li.wing[data-wing="${wing}"]`);
}

/**
 * "Fin du tour" from the panel. With pieces not yet activated the page asks
 * first (issue 11); the dialog opens in the click's own handler, so it is
 * there, or not, as soon as the click returns: confirmed when it is.
 */
export async function endTurn(page: Page): Promise<void> {
  await page.click('button[data-action="end-turn"]');
  const dialog = page.locator('[data-testid="end-turn-dialog"]');
  if ((await dialog.count()) > 0) await dialog.locator('button[data-action="dialog-ok"]').click();
}
