import type { ActionRule } from './action-rule';
import { breakFormationRule } from './break-formation';
import { changeModeRule } from './change-mode';
import { constituteRule } from './constitute';
import { fuseRule } from './fuse';
import { joinFormationRule } from './join-formation';
import { leaveFormationRule } from './leave-formation';
import type { Action } from './schema';

/** The formation actions (§3.3.9–3.3.14, sheet 001), one file each: listed once for `apply` and the legal actions. */
export type FormationActionType =
  'fuse' | 'constitute' | 'joinFormation' | 'leaveFormation' | 'breakFormation' | 'changeMode';

export const FORMATION_RULES: {
  [T in FormationActionType]: ActionRule<Extract<Action, { type: T }>>;
} = {
  fuse: fuseRule,
  constitute: constituteRule,
  joinFormation: joinFormationRule,
  leaveFormation: leaveFormationRule,
  breakFormation: breakFormationRule,
  changeMode: changeModeRule,
};
