import { apply, ApplyResult, Direction, eventsFor, fixedDice, GameState, hexLabel, legalActions, neighbourOf, orderOptions, piecesToActivate, returnOptions, viewFor } from '../src';
import type { DiceSource } from '../src/state/dice';
import { game, H, profiles, unit } from './fixtures';

/**
 * Issue 7, §4.5.1 and sheet 000 Leurres: a decoy can do publicly whatever a
 * hidden unit does, with the same trace. Each test builds two worlds that
 * differ only in what lies under the two blue covers: in one the hidden
 * unit 'h' stands at P and its decoy 'd' at Q, in the other the decoy at P
 * and the unit at Q. The same action on the piece at P must then tell red
 * and a spectator exactly the same thing, once the cover ids are mapped
 * onto each other (each world's cover at P is "ACTOR", at Q "OTHER").
 */
const P = '0508';
const Q = '0708';
type Under = 'unit' | 'decoy';
const OBSERVERS = ['red', 'spectator'] as const;

interface World {
  state: GameState;
  /** The blue piece at P, which acts. */
  actor: string;
  covers: { actor: string; other: string };
}

/**
 * Blue: 'h' (hidden), 'd' (decoy imitating 'h'), 'f' in the open, and
 * optionally the character 'c'; red: 'r' far away. `coverIds` are the ids of
 * the covers at P and Q, so that tests can order them both ways.
 */
function world(under: Under, opts: { coverIds?: [string, string]; character?: boolean; prep?: (s: GameState, actor: string) => void } = {}): World {
  const [atP, atQ] = opts.coverIds ?? ['cover-1', 'cover-2'];
  const units = [unit('h', 'blue', P, 0), unit('f', 'blue', '0310', 0), unit('r', 'red', '0101', 6)];
  if (opts.character) units.push(unit('c', 'blue', '0504', 0, { kind: 'character', size: 'small' }));
  const state = game(units);
  const h = state.units.find((u) => u.id === 'h')!;
  Object.assign(h, { hex: H(under === 'unit' ? P : Q), hidden: true, coverId: under === 'unit' ? atP : atQ });
  state.decoys = [{ id: 'd', side: 'blue', hex: H(under === 'unit' ? Q : P), facing: 0, mimic: 'h', activated: false, stackRank: 0, coverId: under === 'unit' ? atQ : atP }];
  const actor = under === 'unit' ? 'h' : 'd';
  opts.prep?.(state, actor);
  return { state, actor, covers: { actor: atP, other: atQ } };
}

/** What an observer reads: events and view, the cover ids replaced by their role. */
function heard(w: World, r: ApplyResult & { ok: true }, seat: (typeof OBSERVERS)[number]): unknown {
  const raw = JSON.stringify({ events: eventsFor(r.events, seat), view: viewFor(r.state, seat) });
  const mapped = JSON.parse(raw.split(`"${w.covers.actor}"`).join('"ACTOR"').split(`"${w.covers.other}"`).join('"OTHER"'));
  mapped.view.covers.sort((a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1));
  return mapped;
}

function play(state: GameState, seat: string, action: unknown, dice?: DiceSource): ApplyResult & { ok: true } {
  const r = apply(state, seat, action, dice ? { dice } : {});
  if (!r.ok) throw new Error(`refused: ${r.rejection.code} ${r.rejection.message.en}`);
  return r;
}

/** Activates the actor (unless told not to), then plays `action` built for it. */
function act(w: World, action: (actor: string) => object, dice: () => DiceSource | undefined = () => undefined, activate = true): ApplyResult & { ok: true } {
  const s = activate ? play(w.state, 'blue', { type: 'activate', piece: w.actor }).state : w.state;
  return play(s, 'blue', action(w.actor), dice());
}

/** The same action in both worlds: red and the spectator hear the same, and the owner's results are returned. */
function sameTrace(build: (under: Under) => World, run: (w: World) => ApplyResult & { ok: true }) {
  const [u, d] = [build('unit'), build('decoy')];
  const [ru, rd] = [run(u), run(d)];
  for (const seat of OBSERVERS) expect(heard(d, rd, seat)).toEqual(heard(u, ru, seat));
  return { unit: ru, decoy: rd };
}

const blueEvents = (r: ApplyResult & { ok: true }) => eventsFor(r.events, 'blue');
const h = (s: GameState) => s.units.find((u) => u.id === 'h')!;

describe('issue 7, §4.5.1: a decoy leaves the trace a hidden unit leaves', () => {
  test('§2.4, sheet 000 Leurres: activating a decoy and a hidden unit tells the same', () => {
    sameTrace((under) => world(under), (w) => play(w.state, 'blue', { type: 'activate', piece: w.actor }));
  });

  test('§2.4, sheet 000 Leurres: passing after activation tells the same', () => {
    sameTrace((under) => world(under), (w) => act(w, (piece) => ({ type: 'pass', piece })));
  });

  test('§2.6.11, sheet 000 Leurres: a move tells the same (the decoy moves as its mimic)', () => {
    const steps = [{ to: H('0507') }, { to: H('0506') }];
    const { unit: ru, decoy: rd } = sameTrace((under) => world(under), (w) => act(w, (piece) => ({ type: 'move', piece, mode: 'normal', steps })));
    expect(h(ru.state).hex).toBe(H('0506'));
    expect(rd.state.decoys[0].hex).toBe(H('0506'));
  });

  test('§2.3.1, sheet 000 Leurres: a large decoy joining a small friend in the open turns it, as a large hidden unit does', () => {
    const build = (under: Under) => world(under, { prep: (s) => s.units.push({ ...s.units.find((x) => x.id === 'f')!, id: 's', name: 's', size: 'small', hex: H('0506'), facing: 2 }) });
    const { decoy: rd } = sameTrace(build, (w) => act(w, (piece) => ({ type: 'move', piece, mode: 'normal', steps: [{ to: H('0507') }, { to: H('0506') }] })));
    expect(eventsFor(rd.events, 'red')).toContainEqual(expect.objectContaining({ type: 'stackAligned', unit: 's', facing: 0 }));
  });

  test('§4.5.1 "Les Leurres ne sont pas tenus à se conformer à une Consigne d’Ordre": a decoy may move against its wing’s directive, its mimic may not', () => {
    // One hex only: an attack move must spend half its points (§2.6.11.1).
    const away = (piece: string) => ({ type: 'move', piece, mode: 'normal', steps: [{ to: H('0507') }] });
    const refusal = (under: Under) => {
      const w = world(under);
      const r = apply(play(w.state, 'blue', { type: 'activate', piece: w.actor }).state, 'blue', away(w.actor));
      return r.ok ? null : r.rejection.code;
    };
    expect(refusal('unit')).toBe('attackSpendHalf');
    expect(refusal('decoy')).toBeNull();
  });

  test('§2.6.14, §4.5.1: a cover is never engaged while hidden, so facing is refused alike, for the same reason, in the action and in legalActions', () => {
    for (const under of ['unit', 'decoy'] as const) {
      const w = world(under);
      const s = play(w.state, 'blue', { type: 'activate', piece: w.actor }).state;
      const r = apply(s, 'blue', { type: 'face', piece: w.actor, facing: 2 });
      expect(r.ok ? null : r.rejection.code).toBe('notEngagedNoFace');
      expect(legalActions(viewFor(s, 'blue'), 'blue', w.actor).find((l) => l.type === 'face')?.rejection?.code).toBe('notEngagedNoFace');
    }
  });

  test('§2.8.2, §4.5.1 "on peut ... le Reposer": a rest tells the same, a double tiring the wing in both; the owner hears the honest outcome', () => {
    const build = (under: Under) =>
      world(under, {
        prep: (s) => {
          h(s).breath = 'winded';
          s.wings.find((x) => x.id === 'blue-wing')!.fatigue = 7;
        },
      });
    const { unit: ru, decoy: rd } = sameTrace(build, (w) => act(w, (piece) => ({ type: 'rest', piece }), () => fixedDice([2, 2])));
    expect(eventsFor(ru.events, 'red').map((e) => e.type)).toEqual(['wingFatigueChanged', 'activationEnded']);
    // The hidden unit recovered; the decoy did nothing, and its owner is told so.
    expect(h(viewFor(ru.state, 'blue')).breath).toBe('fresh');
    expect(h(viewFor(rd.state, 'blue')).breath).toBe('winded');
    expect(blueEvents(rd)).toContainEqual(expect.objectContaining({ type: 'decoyActed', piece: 'd', action: 'rest' }));
    expect(blueEvents(rd)).toContainEqual(expect.objectContaining({ type: 'test', test: 'rest', subject: 'd', dice: [2, 2] }));
    expect(viewFor(rd.state, 'blue').wings.find((x) => x.id === 'blue-wing')?.fatigue).toBe(6);
  });

  test('§2.8.3.4, §4.5.1: a reorganisation tells the same and rolls the same dice; the decoy changes nothing and its owner hears it', () => {
    const build = (under: Under) =>
      world(under, {
        prep: (s, actor) => {
          h(s).cohesion = 'shaken';
          giveOrderMarker(s, actor);
        },
      });
    // Both roll: the dice come from the game's one generator, which must advance alike (issue 7).
    const dice = { h: fixedDice([1, 1]), d: fixedDice([1, 1]) };
    const { unit: ru, decoy: rd } = sameTrace(build, (w) => act(w, (piece) => ({ type: 'reorganise', piece }), () => dice[w.actor as 'h' | 'd']));
    expect([dice.h.remaining(), dice.d.remaining()]).toEqual([0, 0]);
    expect(h(ru.state).cohesion).toBe('inOrder');
    expect(h(rd.state).cohesion).toBe('shaken');
    expect(blueEvents(rd).map((e) => e.type)).toEqual(['test', 'decoyActed', 'activationEnded']);
    expect(blueEvents(rd)[0]).toMatchObject({ test: 'reorganisation', subject: 'd', dice: [1, 1] });
  });

  test('§2.8.4, §4.5.1: a successful rally tells the same', () => {
    const { unit: ru, decoy: rd } = sameTrace(routedAtP, (w) => act(w, (piece) => ({ type: 'rally', piece }), () => fixedDice([2, 3])));
    expect(h(ru.state).cohesion).toBe('shaken');
    expect(h(rd.state).cohesion).toBe('routed');
    expect(blueEvents(rd)).toContainEqual(expect.objectContaining({ type: 'decoyActed', piece: 'd', action: 'rally' }));
  });

  test('§2.8.3.1, §4.5.1: a failed rally tells the same, and binds the decoy to flee as it binds the unit', () => {
    const { unit: ru, decoy: rd } = sameTrace(routedAtP, (w) => act(w, (piece) => ({ type: 'rally', piece }), () => fixedDice([6, 6])));
    for (const [r, piece] of [[ru, 'h'], [rd, 'd']] as const) {
      expect(r.state.activation).toMatchObject({ piece, mustFlee: true });
      const legal = legalActions(viewFor(r.state, 'blue'), 'blue', piece);
      expect(legal.find((l) => l.type === 'pass')?.rejection?.code).toBe('mustFlee');
      expect(legal.find((l) => l.type === 'flee')?.allowed).toBe(true);
    }
  });

  test('§2.8.3.1, §2.3.1.2, §4.5.1: fleeing after a failed rally, a decoy makes the large friend it crosses test as the unit would, and leaving the map it is gone as a routed unit is', () => {
    const build = (under: Under) => {
      const w = routedAtP(under);
      w.state.units.push({ ...w.state.units.find((x) => x.id === 'f')!, id: 'g', name: 'g', hex: H('0510') });
      return w;
    };
    const run = (w: World) => {
      const failed = act(w, (piece) => ({ type: 'rally', piece }), () => fixedDice([6, 6])).state;
      const flight = [{ face: 6 }, { to: H('0509') }, { to: H('0510') }, { exit: 3 }];
      return play(failed, 'blue', { type: 'flee', piece: w.actor, steps: flight }, fixedDice([1, 1, 1, 1, 1, 1]));
    };
    const [u, d] = [build('unit'), build('decoy')];
    const [ru, rd] = [run(u), run(d)];
    // Until the piece is gone (a destroyed unit is named, a removed decoy too), red hears the same: the cover fleeing, leaving, and g's test.
    const beforeGone = (w: World, r: ApplyResult & { ok: true }) => (heard(w, r, 'red') as { events: { type: string; subject?: string }[] }).events.filter((e) => e.type === 'coverMoved' || e.type === 'leftMap' || e.subject === 'g');
    expect(beforeGone(d, rd)).toEqual(beforeGone(u, ru));
    expect(beforeGone(d, rd).map((e) => e.type)).toEqual(['coverMoved', 'leftMap', 'test']);
    expect(eventsFor(ru.events, 'red')).toContainEqual(expect.objectContaining({ type: 'unitDestroyed', unit: 'h', reason: 'leftMapRouted' }));
    expect(eventsFor(rd.events, 'red')).toContainEqual(expect.objectContaining({ type: 'decoyRemoved', cover: 'cover-1', hex: H('0510') }));
    expect(rd.state.decoys).toEqual([]);
  });

  test('§2.8.3.1, §4.5.1: a decoy that fails its rally and cannot flee a threat in sight is removed, as the unit would be destroyed', () => {
    const trapped = (under: Under) => {
      // The piece at 0505 is walled in by impassable hexes but for the one towards red's 'r' at 0503.
      const grid = { cols: 10, rows: 10 };
      const open = H('0504');
      const walls = [0, 1, 2, 3, 4, 5].map((dir) => neighbourOf(grid, H('0505'), dir as Direction)).filter((x) => x >= 0 && x !== open);
      const s = game([unit('h', 'blue', '0505', 0, { profiles: { ...profiles(), morale: { class: 'elite', capacity: 'ordinary' } } }), unit('r', 'red', '0503', 6)], { terrain: { impassable: walls.map((x) => hexLabel(grid, x)) } });
      const hu = h(s);
      Object.assign(hu, { hex: H(under === 'unit' ? '0505' : '0808'), hidden: true, coverId: 'cover-1', cohesion: 'routed' });
      s.decoys = [{ id: 'd', side: 'blue', hex: H(under === 'unit' ? '0808' : '0505'), facing: 0, mimic: 'h', activated: false, stackRank: 0, coverId: 'cover-2' }];
      const piece = under === 'unit' ? 'h' : 'd';
      // A lost unit's wing then tests its morale (§2.5.10.2): spare dice for it.
      return play(play(s, 'blue', { type: 'activate', piece }).state, 'blue', { type: 'rally', piece }, fixedDice([6, 6, 1, 1, 1, 1]));
    };
    expect(eventsFor(trapped('unit').events, 'red').map((e) => e.type).slice(0, 2)).toEqual(['unitDestroyed', 'activationEnded']);
    const r = trapped('decoy');
    expect(eventsFor(r.events, 'red')).toEqual([expect.objectContaining({ type: 'decoyRemoved', cover: 'cover-2', hex: H('0505') }), expect.objectContaining({ type: 'activationEnded', piece: 'cover-2', acted: false })]);
    expect(r.state.decoys).toEqual([]);
    expect(r.state.activation).toBeNull();
  });

  test('§2.5.9, sheet 000 Leurres: an order to a decoy at a stated cost tells what the same order to the hidden unit tells', () => {
    const build = (under: Under) => world(under, { character: true, prep: (s) => (h(s).profiles = { ...profiles(), command: { class: 'irregular', capacity: 'ordinary' } }) });
    const distribute = (w: World) => play(play(w.state, 'blue', { type: 'activate', piece: 'c' }).state, 'blue', { type: 'distributeOrders', piece: 'c' }, fixedDice([6])).state;
    // An irregular unit one band away costs 3 (§2.5.9): the decoy's owner states the same.
    const { unit: ru, decoy: rd } = sameTrace(build, (w) => play(distribute(w), 'blue', { type: 'giveOrder', piece: 'c', target: w.actor, points: 3 }));
    expect(eventsFor(ru.events, 'red')).toEqual([expect.objectContaining({ type: 'orderGiven', cost: 3, left: 6 })]);
    expect(rd.state.decoys[0].specialOrder).toBe(true);
  });

  test('§2.5.9, sheet 000 Leurres: unstated, a decoy pays what its mimic would pay in its place, never a fixed 1', () => {
    const build = (under: Under) => world(under, { character: true, prep: (s) => (h(s).profiles = { ...profiles(), command: { class: 'irregular', capacity: 'ordinary' } }) });
    const distribute = (w: World) => play(play(w.state, 'blue', { type: 'activate', piece: 'c' }).state, 'blue', { type: 'distributeOrders', piece: 'c' }, fixedDice([6])).state;
    const { decoy: rd } = sameTrace(build, (w) => play(distribute(w), 'blue', { type: 'giveOrder', piece: 'c', target: w.actor }));
    expect(rd.state.activation?.commandPoints).toBe(6);
  });

  test('§2.5.9, sheet 000 Leurres: orderOptions lists the decoy at its mimic’s cost there, to be stated; a unit’s stated cost must be its cost', () => {
    const w = world('decoy', { character: true });
    const s = play(play(w.state, 'blue', { type: 'activate', piece: 'c' }).state, 'blue', { type: 'distributeOrders', piece: 'c' }, fixedDice([1]));
    const options = orderOptions(viewFor(s.state, 'blue'), 'blue', 'c');
    // 3 points. The decoy stands at P, one band from the character: its mimic would pay 1 + 1 there.
    expect(options.find((o) => o.unit === 'd')).toEqual({ unit: 'd', cost: 2, statedCost: true, allowed: true });
    const unitCost = options.find((o) => o.unit === 'h')!.cost;
    expect(options.find((o) => o.unit === 'h')).not.toHaveProperty('statedCost');
    const wrong = apply(s.state, 'blue', { type: 'giveOrder', piece: 'c', target: 'h', points: unitCost + 1 });
    expect(wrong.ok ? null : wrong.rejection.code).toBe('orderCostMismatch');
    const dear = apply(s.state, 'blue', { type: 'giveOrder', piece: 'c', target: 'd', points: 4 });
    expect(dear.ok ? null : dear.rejection.code).toBe('orderTooDear');
    expect(apply(s.state, 'blue', { type: 'giveOrder', piece: 'c', target: 'd', points: 1 }).ok).toBe(true);
  });

  test('§2.6.10.2, sheet 000 Leurres: a cover coming back onto the map tells the same', () => {
    const build = (under: Under) =>
      world(under, {
        prep: (s, actor) => {
          const piece = actor === 'h' ? h(s) : s.decoys[0];
          Object.assign(piece, { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 0 } });
        },
      });
    sameTrace(build, (w) => play(w.state, 'blue', { type: 'returnToMap', piece: w.actor, to: returnOptions(w.state, 'blue', w.actor)[0] }, fixedDice([1, 2])));
  });

  test.each([
    ['cover-1', 'cover-2'],
    ['cover-2', 'cover-1'],
  ] as [string, string][])('§2.4: ending the turn activates the open pieces, then the covers by id (P under %s, Q under %s), whatever lies under them', (atP, atQ) => {
    const { unit: ru } = sameTrace((under) => world(under, { coverIds: [atP, atQ] }), (w) => play(w.state, 'blue', { type: 'endTurn' }));
    const activated = eventsFor(ru.events, 'red').flatMap((e) => (e.type === 'activated' ? [e.piece] : []));
    expect(activated).toEqual(['f', ...[atP, atQ].sort()]);
  });

  test('§2.4: piecesToActivate lists the open pieces first, then the covered ones by cover id', () => {
    const w = world('unit', { coverIds: ['cover-9', 'cover-0'] });
    expect(piecesToActivate(w.state, 'blue')).toEqual(['f', 'd', 'h']);
  });

  test('§4.5.1: legalActions offers the decoy the self-only actions its mimic could take there, directive or not', () => {
    const w = world('decoy', { prep: (s) => (s.wings.find((x) => x.id === 'blue-wing')!.directive = 'defend') });
    const s = play(w.state, 'blue', { type: 'activate', piece: 'd' }).state;
    const allowed = legalActions(viewFor(s, 'blue'), 'blue', 'd').filter((l) => l.allowed).map((l) => l.type);
    expect(allowed).toEqual(expect.arrayContaining(['move', 'pass', 'rest']));
    // Reorganising and rallying need an elite morale or a special order, as for the mimic (sheet 001).
    const refused = legalActions(viewFor(s, 'blue'), 'blue', 'd');
    expect(refused.find((l) => l.type === 'reorganise')?.rejection?.code).toBe('reorganiseNeedsOrder');
    expect(refused.find((l) => l.type === 'rally')?.rejection?.code).toBe('rallyNeedsOrder');
    giveOrderMarker(s, 'd');
    expect(legalActions(viewFor(s, 'blue'), 'blue', 'd').filter((l) => l.allowed).map((l) => l.type)).toEqual(expect.arrayContaining(['reorganise', 'rally']));
  });
});

/** The piece at P routed (the hidden unit, or the decoy's mimic) and holding a special order, so that it may rally (sheet 001). */
function routedAtP(under: Under): World {
  return world(under, {
    prep: (s, actor) => {
      h(s).cohesion = 'routed';
      giveOrderMarker(s, actor);
    },
  });
}

function giveOrderMarker(s: GameState, piece: string): void {
  const u = s.units.find((x) => x.id === piece);
  if (u) u.order = 'specialOrder';
  const d = s.decoys.find((x) => x.id === piece);
  if (d) d.specialOrder = true;
}
