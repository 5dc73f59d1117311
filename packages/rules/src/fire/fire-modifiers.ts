import type { Part } from '../combat/advantage-part';

/**
 * The modifiers fire alone has (§3.2.5 and sheet 000): range, ammunition,
 * weather, the terrain and hexsides of the sheet's fire column, combined
 * shots. The modifiers fire shares with shock are in combat/advantage.ts.
 */
export const FIRE_PARTS: Part[] = [];
