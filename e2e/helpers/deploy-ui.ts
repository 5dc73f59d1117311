import type { Page } from 'playwright-core';
import { clickHex } from './lames-page';

/**
 * The hidden deployment (§4.5.2, sheet 000 *Unités Cachées*) as a player
 * makes it on the game page's panel: pick the unit, click a hex of the zone
 * ringed on the map, choose the facing; add a decoy (§4.5.1) imitating a
 * hidden unit, place and turn it the same way; confirm.
 */

export interface PiecePlace {
  hex: number;
  facing: number;
}
export interface UiPlacement {
  units: (PiecePlace & { unit: string })[];
  decoys: (PiecePlace & { mimic: string })[];
}

/** Places the selected piece of the draft on `hex`, facing `facing`, and waits until the panel says so. */
async function placeSelected(page: Page, { hex, facing }: PiecePlace): Promise<void> {
  await clickHex(page, hex);
  const facings = page.locator('[data-testid="deploy-facings"]');
  await facings.waitFor({ timeout: 15_000 });
  await facings.locator(`button[data-facing="${facing}"]`).click();
  await facings.locator(`button.facing.chosen[data-facing="${facing}"]`).waitFor({ timeout: 15_000 });
}

/** Fills the deployment panel with `placement`, without confirming it. */
export async function draftDeployment(page: Page, placement: UiPlacement): Promise<void> {
  const panel = page.locator('[data-testid="deploy"]');
  await panel.waitFor({ timeout: 30_000 });
  for (const u of placement.units) {
    await panel.locator(`button[data-deploy-unit="${u.unit}"]`).click();
    await panel.locator(`li.chosen button[data-deploy-unit="${u.unit}"]`).waitFor({ timeout: 15_000 });
    await placeSelected(page, u);
  }
  for (const d of placement.decoys) {
    // a new decoy comes selected, ready to be placed
    await panel.locator(`[data-testid="add-decoy"] button[data-add-decoy="${d.mimic}"]`).click();
    await placeSelected(page, d);
  }
}

/** Sends the drafted deployment once the panel finds nothing in its way. */
export async function confirmDeployment(page: Page): Promise<void> {
  await page.locator('[data-testid="deploy-ready"]').waitFor({ timeout: 15_000 });
  await page.click('button[data-action="confirm-deploy"]');
}

/** The whole deployment of a side, from the panel. */
export async function deployFromPanel(page: Page, placement: UiPlacement): Promise<void> {
  await draftDeployment(page, placement);
  await confirmDeployment(page);
}
