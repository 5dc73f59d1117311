import type { Page } from 'playwright-core';

/** The map's test hooks (packages/client/src/map/map-view.ts): its zoom and where a counter is drawn, in page pixels. */
export type Box = { x: number; y: number; width: number; height: number };
type MapWin = { __lamesMap?: { scale(): number; counterBox(id: string): Box | null } };

export const counterBox = (page: Page, id: string) => page.evaluate((i) => (window as unknown as MapWin).__lamesMap!.counterBox(i), id);
export const mapScale = (page: Page) => page.evaluate(() => (window as unknown as MapWin).__lamesMap!.scale());
/** Two animation frames: the map has drawn what the last input changed. */
export const nextFrame = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
