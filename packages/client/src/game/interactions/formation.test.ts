import { apply, createGame, neighbourOf, viewFor, type GameState, type Unit } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { formationInteraction } from './formation';
import { constituteSize, joinSize, pickAt, sizeSum } from './formation-plan';
import { modeEffectLines, movementCapacityText } from '../../ui/formation-text';
import { setLang, t, type TextKey } from '../../i18n';
import type { FormationActionType } from '@lames/rules';

const HORDE = 'scarlet-horde';
const start = createGame(scenarioById('the-shield-hill')!, 'formations');

/** The full state with some units changed and the Horde's formation activated. */
function activatedState(piece: string, patch: (s: GameState) => void = () => {}): GameState {
  const s = structuredClone(start);
  patch(s);
  const r = apply(s, HORDE, { type: 'activate', piece });
  if (!r.ok) throw new Error(`activate ${piece}: ${r.rejection.code}`);
  return r.state;
}
/** The Horde's view of it: what the client sees. */
const activated = (piece: string, patch?: (s: GameState) => void) => viewFor(activatedState(piece, patch), HORDE);
const unitOf = (s: GameState, id: string) => s.units.find((u) => u.id === id)!;
const regroup = (s: GameState) => s.wings.filter((w) => w.side === HORDE).forEach((w) => (w.directive = 'regroup'));
const open = (view: GameState, piece: string, type: FormationActionType) => formationInteraction({ view, seat: HORDE, piece }, type);

describe('the formation actions’ choices (§3.3.9–3.3.14)', () => {
  it('§3.3.10/§3.3.11 the size shown is the sum of the steps against the command’s limit', () => {
    const u = (id: string, hex: number, steps: number, extra: Partial<Unit> = {}) => ({ id, hex, steps, kind: 'troop', destroyed: false, profiles: { command: { capacity: 'superior' } }, ...extra }) as unknown as Unit;
    const units = [u('f', 10, 7, { secondHex: 11 }), u('t', 10, 2), u('c', 10, 1, { kind: 'character' }), u('far', 30, 2)];
    const join = joinSize({ units }, 'f')!;
    expect(join.parts).toEqual([7, 2]);
    expect(sizeSum(join)).toBe(`7 + 2 = 9 / ${join.max}`);
    expect(join.fits).toBe(join.max >= 9);
    const pair = constituteSize({ units: [u('a', 10, 2), u('b', 11, 2), u('c', 11, 1), u('x', 12, 4)] }, 'a', 'b')!;
    expect(pair.parts).toEqual([2, 2, 1]);
    expect(pair.total).toBe(5);
  });

  it('a click picks the choice naming the hex; again there, the next one (leaving one hex, then both)', () => {
    const options = [{ hexes: [4, 5] }, { hexes: [4] }, { hexes: [5] }];
    expect(pickAt(options, null, 4)).toBe(0);
    expect(pickAt(options, 0, 4)).toBe(1);
    expect(pickAt(options, 1, 4)).toBe(0);
    expect(pickAt(options, 2, 5)).toBe(0);
    expect(pickAt(options, null, 9)).toBeNull();
  });

  it('§3.3.14 away from the enemy: the open modes, no test, the chosen one sent', () => {
    const view = activated('h-cohort');
    const mode = open(view, 'h-cohort', 'changeMode');
    expect(mode.testFacts()).toMatchObject({ kind: 'changeMode', options: ['march', 'rotatingRanks', 'hedgehog'], chosen: null });
    expect(mode.action()).toBeNull();
    // the modes are not on the map: a click there picks nothing
    expect(mode.click(unitOf(view, 'h-cohort').hex)).toBe(false);
  });

  it('§3.3.6 each mode offered says what it does, from the rules\' data', () => {
    expect(modeEffectLines('shieldWall', 'en')).toEqual(['+1 in shock and +1 in fire, attacking or defending (§3.3.6).', 'Movement capacity 1 rank(s) lower (§3.3.6).']);
    expect(modeEffectLines('tortoise', 'fr')[0]).toBe('+2 au choc et +2 au tir, en attaque comme en défense (§3.3.6).');
    expect(modeEffectLines('hedgehog', 'en')).toHaveLength(1);
    expect(modeEffectLines('rotatingRanks', 'en')).toEqual(['Supporting an attack costs it no breath level (§3.3.6).']);
    expect(modeEffectLines('march', 'en')).toEqual(["The counter's values as printed (§3.3.6)."]);
  });

  it('§3.3.6 the panel gives the movement capacity a shield wall or tortoise moves with, one rank lower than printed', () => {
    const cohort = unitOf(start, 'h-cohort');
    expect(cohort.formationMode).toBe('tortoise');
    const printed = cohort.profiles.movement.capacity;
    expect(movementCapacityText({ ...cohort, formationMode: undefined }, 'en')).toBe(t(`capacity.${printed}` as TextKey, {}, 'en'));
    expect(movementCapacityText(cohort, 'en')).toMatch(/, lowered by the mode \(printed: /);
    expect(movementCapacityText(cohort, 'fr')).toContain(`(imprimée : ${t(`capacity.${printed}` as TextKey, {}, 'fr')})`);
  });

  it('§3.3.13 leave: a click on a hex leaves from it, a second click from both; the hexes are sent', () => {
    const full = activatedState('h-legion', regroup);
    const view = viewFor(full, HORDE);
    const legion = unitOf(view, 'h-legion');
    const leave = open(view, 'h-legion', 'leaveFormation');
    const facts = leave.testFacts() as { options: string[] };
    expect(facts.options.length).toBeGreaterThan(0);
    expect(leave.click(legion.hex)).toBe(true);
    const first = leave.action() as { hexes: number[] };
    expect(first).toMatchObject({ type: 'leaveFormation', piece: 'h-legion' });
    expect(first.hexes).toContain(legion.hex);
    expect(leave.candidates!()).toEqual(expect.arrayContaining([legion.hex]));
    // what the panel sends is what the rules accept
    expect(apply(full, HORDE, first).ok).toBe(true);
  });

  it('§3.3.12 break with odd steps: the heavier hex is picked on the map and sent', () => {
    const view = activated('h-cohort', (s) => {
      regroup(s);
      unitOf(s, 'h-cohort').steps = 5;
    });
    const cohort = unitOf(view, 'h-cohort');
    const brk = open(view, 'h-cohort', 'breakFormation');
    expect(brk.marks().map((m) => m.hex).sort()).toEqual([cohort.hex, cohort.secondHex].sort());
    expect(brk.click(cohort.secondHex!)).toBe(true);
    expect(brk.action()).toEqual({ type: 'breakFormation', piece: 'h-cohort', heavier: cohort.secondHex });
    expect(brk.marks()).toContainEqual({ hex: cohort.secondHex, kind: 'chosen' });
  });

  it('§3.3.10 the constitution’s texts follow the page’s language, the partner chosen kept', () => {
    setLang('fr');
    const view = activated('h-legion-2', (s) => {
      regroup(s);
      const m = unitOf(s, 'h-legion-2');
      s.units.push({ ...structuredClone(m), id: 'h-legion-3', hex: m.hex + 1 });
    });
    const constitute = open(view, 'h-legion-2', 'constitute');
    const hex = unitOf(view, 'h-legion-3').hex;
    expect(constitute.click(hex)).toBe(true);
    expect(constitute.hover(hex)).toContain('Taille : 2 + 2 = 4');
    try {
      setLang('en');
      expect(constitute.hover(hex)).toContain('Size: 2 + 2 = 4');
      expect(constitute.testFacts()).toMatchObject({ chosen: 'h-legion-3' });
    } finally {
      setLang('fr');
    }
  });

  it('§3.3.12 break with even steps: nothing to pick, confirm sends the break', () => {
    const view = activated('h-cohort', regroup);
    expect(open(view, 'h-cohort', 'breakFormation').action()).toEqual({ type: 'breakFormation', piece: 'h-cohort' });
  });

  it('§3.3.14 next to an engaging enemy with a contact marker: the organisation test’s odds, Manoeuvre −2', () => {
    const view = activated('h-cohort', (s) => {
      const cohort = unitOf(s, 'h-cohort');
      const enemy = s.units.find((u) => u.side !== HORDE && u.kind === 'troop' && u.hex >= 0)!;
      const near = [0, 1, 2, 3, 4, 5].map((d) => neighbourOf(s.board, cohort.hex, d as never)).find((h) => h >= 0 && !s.units.some((u) => u.hex === h || u.secondHex === h))!;
      Object.assign(enemy, { hex: near, secondHex: undefined, shock: 'contact' });
    });
    const mode = open(view, 'h-cohort', 'changeMode');
    const notes = (mode as unknown as { spec: { notes: string[] } }).spec.notes;
    expect(notes[0]).toMatch(/organisation/i);
    expect(notes.some((n) => n.startsWith('-2'))).toBe(true);
  });
});
