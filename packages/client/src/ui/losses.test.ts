import { decidesLosses, hexLabel, type GameState } from '@lames/rules';
import { setLang } from '../i18n';
import { describePlan } from './losses';

const board = { cols: 16, rows: 12 };
const idx = (label: string) => (Number(label.slice(2)) - 1) * 16 + Number(label.slice(0, 2)) - 1;
/** Just what the panel reads of a view: the board's size, the units' names and steps, the pending combat. */
const view = {
  board,
  units: [
    { id: 'o-warband', name: "Bande d'Uzgul", steps: 2 },
    { id: 'o-trolls', name: 'Trolls', steps: 1 },
    { id: 'o-golem', name: 'Golem', steps: 3 },
  ],
  pendingLosses: { side: 'black-teeth', kind: 'shock', attacker: 'h-knights', defender: 'o-warband', hex: idx('0508'), supported: true, losses: 2 },
} as unknown as GameState;

describe('the defender’s choice of losses (§2.7.4)', () => {
  beforeEach(() => setLang('en'));

  it('§2.7.4 says which unit loses how many steps, and when that destroys it', () => {
    expect(describePlan(view, { steps: ['o-warband'] })).toBe("Bande d'Uzgul loses a step");
    expect(describePlan(view, { steps: ['o-warband', 'o-warband'] })).toBe("Bande d'Uzgul loses 2 steps (destroyed)");
    expect(describePlan(view, { steps: ['o-warband', 'o-warband', 'o-trolls'] })).toBe("Bande d'Uzgul loses 2 steps (destroyed) ; Trolls loses a step (destroyed)");
  });

  it('§2.7.5 names the recoil hex, and §2.7.4 the steady unit that stays and pays a step', () => {
    const to = idx('0507');
    expect(describePlan(view, { steps: [], recoil: to })).toBe(`recoil to ${hexLabel(board, to)} (−1 cohesion each)`);
    expect(describePlan(view, { steps: ['o-warband'], recoil: to, stayer: 'o-golem' })).toBe(
      `Bande d'Uzgul loses a step ; then recoil to ${hexLabel(board, to)} (−1 cohesion for each unit recoiling) ; Golem (steady) stays and loses a step`,
    );
    expect(describePlan(view, { steps: [], exit: 0 })).toBe('recoil off the map across the N side (−1 cohesion each; a routed unit never comes back)');
    setLang('fr');
    expect(describePlan(view, { steps: [], recoil: to })).toBe(`recul en ${hexLabel(board, to)} (−1 cohésion chacune)`);
  });

  it('§3.3.1.3 (A-42) a recoil that breaks the shaken formation names the hex of the extra step, in English and French', () => {
    const [a, b] = [idx('0507'), idx('0607')];
    expect(describePlan(view, { steps: [], recoil: a, recoilSecond: b, heavier: b })).toBe(
      `recoil to ${hexLabel(board, a)} and ${hexLabel(board, b)} (−1 cohesion) ; broken, the extra step in ${hexLabel(board, b)}`,
    );
    setLang('fr');
    expect(describePlan(view, { steps: [], recoil: a, recoilSecond: b, heavier: a })).toContain(`brisée, le pas de plus en ${hexLabel(board, a)}`);
  });

  it('§2.7.4 the defender decides, or the referee for an absent player; nobody else', () => {
    expect(decidesLosses(view, 'black-teeth')).toBe(true);
    expect(decidesLosses(view, 'referee')).toBe(true);
    expect(decidesLosses(view, 'ardenne')).toBe(false);
    expect(decidesLosses(view, 'spectator')).toBe(false);
    expect(decidesLosses({ ...view, pendingLosses: undefined }, 'black-teeth')).toBe(false);
  });
});
