import { ApplyResult, eventsFor, GameState, viewFor } from '../src';
import { H } from './fixtures';

/**
 * The two worlds of a decoy parity test (§4.5.1, sheet 000 Leurres): the
 * hidden unit 'h' of `side` under the cover at P ('cover-1') and its decoy
 * 'd' under the cover at Q ('cover-2') — or the other way round. A test
 * plays the same public action in both and compares what others hear.
 */
export function hideUnderCovers(s: GameState, under: 'unit' | 'decoy', side: string, P: string, Q: string, facing: number): GameState {
  const [unitAt, decoyAt] = under === 'unit' ? [P, Q] : [Q, P];
  const cover = (label: string) => (label === P ? 'cover-1' : 'cover-2');
  Object.assign(s.units.find((x) => x.id === 'h')!, { hex: H(unitAt), hidden: true, coverId: cover(unitAt) });
  s.decoys = [{ id: 'd', side, hex: H(decoyAt), facing, mimic: 'h', activated: false, stackRank: 0, coverId: cover(decoyAt) }];
  return s;
}

/** What `seat` hears of an action: its events and its view, as JSON. */
export function heardBy(r: ApplyResult, seat: string): string {
  if (!r.ok) throw new Error(`refused: ${r.rejection.code}`);
  return JSON.stringify({ events: eventsFor(r.events, seat), view: viewFor(r.state, seat) });
}
