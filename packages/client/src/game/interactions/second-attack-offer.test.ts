import { apply, createGame, lossChoices, parseHexLabel, viewFor, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { secondAttackDue, SecondAttackOffers } from './second-attack-offer';
import { AttackInteraction } from './attack';

const HORDE = 'scarlet-horde';
const ALLIANCE = 'alliance';

function ok(r: ReturnType<typeof apply>): GameState {
  if (!r.ok) throw new Error(r.rejection.code);
  return r.state;
}

/** The shield hill with the Legion on 0707–0807 against the dwarves' shield wall (as browser-formation-attacks), activated. */
function legionActivated(seed: string): GameState {
  const s = createGame(scenarioById('the-shield-hill')!, seed);
  const legion = s.units.find((u) => u.id === 'h-legion')!;
  legion.hex = parseHexLabel(s.board, '0707');
  legion.secondHex = parseHexLabel(s.board, '0807');
  return ok(apply(s, HORDE, { type: 'activate', piece: 'h-legion' }));
}

/** The Legion's first shock, from 0807 on the wall; its losses still to absorb. */
const firstShock = (s: GameState) => ok(apply(s, HORDE, { type: 'shock', piece: 'h-legion', target: 'a-hammers', supported: true, from: parseHexLabel(s.board, '0807') }));

/** The wall takes its losses without recoiling (it stays in contact): the second attack stays open. */
function absorbed(s: GameState): GameState {
  return s.pendingLosses ? ok(apply(s, ALLIANCE, { type: 'absorbLosses', ...lossChoices(s, ALLIANCE).find((p) => p.recoil === undefined)! })) : s;
}

/** The first seed whose first shock leaves losses to absorb (the defender decides before the second attack). */
function seedWithLosses(): string {
  for (let i = 1; i < 50; i++) if (firstShock(legionActivated(`second-offer-${i}`)).pendingLosses) return `second-offer-${i}`;
  throw new Error('no seed in 50 gives the wall losses to absorb');
}

describe("a formation's second attack offered by itself (§3.3.8)", () => {
  const seed = seedWithLosses();
  const activated = legionActivated(seed);
  const pending = firstShock(activated);
  const between = absorbed(pending);

  it('§3.3.8 after the first shock, its losses absorbed, the Horde is offered the second shock of the Legion', () => {
    expect(secondAttackDue(viewFor(between, HORDE), HORDE)).toEqual({ piece: 'h-legion', type: 'shock' });
  });

  it('§3.3.8 the shock it opens shows the other hex attacking, and keeps both hexes and the open targets in view', () => {
    const view = viewFor(between, HORDE);
    const shock = new AttackInteraction({ view, seat: HORDE, piece: 'h-legion' }, 'shock');
    expect(shock.testFacts()).toMatchObject({ from: parseHexLabel(view.board, '0707') });
    const hammers = view.units.find((u) => u.id === 'a-hammers')!;
    expect(shock.focus()).toEqual(expect.arrayContaining([parseHexLabel(view.board, '0707'), parseHexLabel(view.board, '0807'), hammers.hex]));
  });

  it('§3.3.8 nothing before the first attack, nor while the defender absorbs its losses, nor to the other side', () => {
    expect(secondAttackDue(viewFor(activated, HORDE), HORDE)).toBeNull();
    expect(pending.pendingLosses).toBeDefined();
    expect(secondAttackDue(viewFor(pending, HORDE), HORDE)).toBeNull();
    expect(secondAttackDue(viewFor(between, ALLIANCE), ALLIANCE)).toBeNull();
    expect(secondAttackDue(viewFor(between, HORDE), ALLIANCE)).toBeNull();
  });

  it('§3.3.8 nothing once the second attack is passed: the activation is over', () => {
    const passed = ok(apply(between, HORDE, { type: 'pass', piece: 'h-legion' }));
    expect(secondAttackDue(viewFor(passed, HORDE), HORDE)).toBeNull();
  });

  it('§3.3.8 offers each second attack once, and waits while another choice is open', () => {
    const offers = new SecondAttackOffers();
    const view = viewFor(between, HORDE);
    expect(offers.next(viewFor(pending, HORDE), HORDE, false)).toBeNull();
    expect(offers.next(view, HORDE, true)).toBeNull();
    expect(offers.next(view, HORDE, false)).toEqual({ piece: 'h-legion', type: 'shock' });
    // the player closed it: not pressed again on the next redraws
    expect(offers.next(view, HORDE, false)).toBeNull();
    // another activation's second attack is offered again
    expect(offers.next(viewFor(activated, HORDE), HORDE, false)).toBeNull();
    expect(offers.next(view, HORDE, false)).toEqual({ piece: 'h-legion', type: 'shock' });
  });
});
