import type { LegalAction } from '@lames/rules';

/** Which group of the menu an action belongs to; the order of the menu. */
export const GROUPS: [string, string[]][] = [
  ['activation', ['activate', 'pass']],
  ['manoeuvre', ['move', 'face', 'withdraw', 'flee', 'returnToMap']],
  ['combat', ['shock', 'duel', 'fire', 'fireDuel']],
  ['formation', ['fuse', 'constitute', 'joinFormation', 'leaveFormation', 'breakFormation', 'changeMode']],
  ['recovery', ['rest', 'reorganise', 'rally', 'reload']],
  ['command', ['changeDirective', 'distributeOrders', 'giveOrder', 'takeCommand', 'resign']],
];

/** Not in the unit's menu: end of turn has its own place, wing morale is in the wings panel, orders in the orders list. */
export const ELSEWHERE = new Set(['endTurn', 'wingMorale', 'giveOrder']);

export interface ArrangedActions {
  /** What can be done now, by group, in the menu's order. */
  open: { group: string; actions: LegalAction[] }[];
  /** What cannot, each with its reason: shown behind "Why not?". */
  refused: LegalAction[];
}

/**
 * The menu of a piece: legal actions first, grouped; refused ones apart, in
 * the same order, for the "why not?" list. An action of a type the menu does
 * not know goes to an "other" group, so a new rule is never hidden.
 */
export function arrangeActions(legal: readonly LegalAction[]): ArrangedActions {
  const byType = new Map(legal.filter((a) => !ELSEWHERE.has(a.type)).map((a) => [a.type as string, a]));
  const known = new Set(GROUPS.flatMap(([, types]) => types));
  const groups: [string, string[]][] = [...GROUPS, ['other', [...byType.keys()].filter((k) => !known.has(k))]];
  const open: ArrangedActions['open'] = [];
  const refused: LegalAction[] = [];
  for (const [group, types] of groups) {
    const list = types.map((type) => byType.get(type)).filter((a): a is LegalAction => !!a);
    const allowed = list.filter((a) => a.allowed);
    if (allowed.length) open.push({ group, actions: allowed });
    refused.push(...list.filter((a) => !a.allowed));
  }
  return { open, refused };
}
