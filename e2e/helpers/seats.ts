import type { Locator, Page } from 'playwright-core';

/**
 * The ways into a seat as a player takes them in the browser (issue 7: seats
 * belong to their players): the creator's invitations, a side claimed in the
 * lobby, a personal or invite link followed, leaving a battle.
 */

/** A battle of the lobby's "Batailles ouvertes", once the list shows it. */
export async function listedBattle(page: Page, battleName: string): Promise<Locator> {
  await page.click('#refresh');
  const battle = page.locator('li.battle[data-room]', { hasText: battleName });
  await battle.first().waitFor({ timeout: 30_000 });
  return battle.first();
}

/** Takes a free side of a listed battle from the lobby. */
export async function claimSide(page: Page, battleName: string, side: string): Promise<void> {
  const battle = await listedBattle(page, battleName);
  await battle.locator(`button[data-join="${side}"]`).click();
}

/** The address in one of the seat panel's link fields (`personal-link`, `invite-referee`, …). */
export async function linkIn(page: Page, testId: string): Promise<string> {
  const field = page.locator(`input[data-testid="${testId}"]`);
  await field.waitFor({ timeout: 30_000 });
  const url = await field.inputValue();
  if (!/\/#\/b\/[^/]+\/[ki]\/[A-Za-z0-9_-]{22}$/.test(url)) throw new Error(`${testId} holds no seat link: ${url}`);
  return url;
}

/** The creator's invitations, by seat, as its seat panel shows them after the creation. */
export async function invitesOf(page: Page): Promise<Record<string, string>> {
  const panel = page.locator('[data-testid="invites"]');
  await panel.waitFor({ timeout: 30_000 });
  const ids = await panel.locator('input[data-testid^="invite-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!));
  const out: Record<string, string> = {};
  for (const id of ids) out[id.slice('invite-'.length)] = await linkIn(page, id);
  return out;
}

/** The seat's personal link, opened from its panel ("Lien personnel"). */
export async function personalLinkOf(page: Page): Promise<string> {
  const field = page.locator('input[data-testid="personal-link"]');
  if (!(await field.isVisible())) await page.click('button[data-action="personal-link"]');
  return linkIn(page, 'personal-link');
}

/**
 * Follows a seat link as a fresh page load (the page reads the link once, at
 * load). A browser that knows no player name shows the link in the lobby
 * first: the name is given, then the battle entered.
 */
export async function followLink(page: Page, url: string, name: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
  const pending = page.locator('[data-testid="pending-link"]');
  const entered = page.locator('[data-testid="map"]');
  await pending.or(entered).first().waitFor({ timeout: 30_000 });
  if (await pending.isVisible()) {
    await page.fill('#player-name', name);
    await pending.locator('button[data-action="follow-link"]').click();
  }
}

/** Leaves the battle from its page ("Quitter", confirmed), back to the lobby. */
export async function leaveBattle(page: Page): Promise<void> {
  await page.click('#leave');
  await page.locator('[data-testid="leave-dialog"] button[data-action="dialog-ok"]').click();
  await page.waitForSelector('#refresh');
}
