import { disengagementPreview, organisationPreview, recoveryTestPreview, type GameState, type Seat, type TestPreview } from '@lames/rules';

/**
 * The test a player chooses into with an action, before choosing it: rest,
 * reorganisation and rally roll one (§2.8); a withdrawal or a flight owes the
 * disengagement test when engaged as §2.6.14.1 says; a change of mode next
 * to an enemy the organisation test (§3.3.14). Null when the action
 * rolls no test the client can foresee.
 */
export function testOdds(view: GameState, seat: Seat, piece: string, type: string): TestPreview | null {
  if (type === 'rest' || type === 'reorganise' || type === 'rally') return recoveryTestPreview(view, seat, piece, type);
  if (type === 'withdraw' || type === 'flee') return disengagementPreview(view, seat, piece, type === 'flee');
  if (type === 'changeMode') return organisationPreview(view, seat, piece);
  return null;
}
