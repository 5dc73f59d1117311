import {
  coversOf,
  createGame,
  deploymentOptions,
  deploymentRefusal,
  eventsFor,
  GameEvent,
  GameState,
  legalActions,
  loadScenario,
  parseHexLabel,
  publicScenario,
  reachable,
  ScenarioInput,
  seedRng,
  viewFor,
  zoneHexes,
} from '../src';
import { SCENARIOS, scenarioById, scenarioSummaries, publicScenarios } from '../src/scenarios';
import { deployFord, FORD_DECOY, FORD_PLACEMENT } from '../src/testing';
import { H, issuesOf, scenario, unit } from './fixtures';
import { ok, refused } from './helpers';

/** A unit its player deploys hidden (§4.5.2): no hex, no facing in the file. */
function hiddenUnit(id: string, side: 'blue' | 'red', extra: Partial<ScenarioInput['units'][number]> = {}): ScenarioInput['units'][number] {
  const { hex: _hex, facing: _facing, hidden: _hidden, ...rest } = unit(id, side, '0101', 0);
  return { ...rest, deployHidden: true, ...extra };
}

/**
 * Blue deploys two hidden troops in rows 8–10, red one in rows 1–3. Blue's
 * open unit `b` stands in its zone at 0509 facing 0; red's open unit `re`
 * stands in blue's zone at 0109; 0908 is water.
 */
function field(): ScenarioInput {
  const s = scenario([unit('b', 'blue', '0509', 0), unit('r', 'red', '0502', 6), unit('re', 'red', '0109', 6)], { terrain: { water: ['0908'] } });
  s.units.push(hiddenUnit('h1', 'blue'), hiddenUnit('h2', 'blue'), hiddenUnit('rh', 'red'));
  s.sides[0].deploymentZone = [{ from: '0108', to: '1010' }];
  s.sides[1].deploymentZone = [{ from: '0101', to: '1003' }];
  return s;
}
const start = () => createGame(loadScenario(field()), 'deploy-seed');

type Placed = { units: { unit: string; hex: number; facing: number }[]; decoys: { mimic: string; hex: number; facing: number }[] };
const at = (label: string, facing = 0) => ({ hex: H(label), facing });
const blueOk = (): Placed => ({ units: [{ unit: 'h1', ...at('0309') }, { unit: 'h2', ...at('0709') }], decoys: [{ mimic: 'h1', ...at('0809') }] });
const redOk = (): Placed => ({ units: [{ unit: 'rh', ...at('0802', 6) }], decoys: [] });
const deploy = (p: Placed, side?: string) => ({ type: 'deploy', ...(side ? { side } : {}), ...p });

describe('§4.5.2 the scenario says which units deploy hidden, and where', () => {
  test('§4.5.2 a unit deployed hidden has neither hex nor facing in the file; only troops deploy hidden (sheet 000 Unités Cachées)', () => {
    const s = field();
    Object.assign(s.units[3], { hex: '0309', facing: 0 });
    s.units.push(hiddenUnit('c', 'blue', { kind: 'character', size: 'small' }));
    expect(issuesOf(s)).toEqual([
      expect.stringMatching(/^units\[3\]\.hex: a unit deployed hidden has no hex/),
      expect.stringMatching(/^units\[3\]\.facing: a unit deployed hidden has no facing/),
      expect.stringMatching(/^units\[6\]\.deployHidden: only troops may deploy hidden/),
    ]);
  });

  test('§4.5.2 a unit in the open needs its hex and facing', () => {
    const s = field();
    delete s.units[0].hex;
    expect(issuesOf(s)).toEqual([expect.stringMatching(/^units\[0\]\.hex: a unit in the open needs a hex/)]);
  });

  test('§4.5.2 a side with units to deploy hidden needs a zone on the map, and no hex lies in two zones', () => {
    const none = field();
    delete none.sides[1].deploymentZone;
    expect(issuesOf(none)).toEqual([expect.stringMatching(/^sides\[1\]\.deploymentZone: side "red" has units to deploy hidden/)]);
    const off = field();
    off.sides[1].deploymentZone = ['0101', { from: '0102', to: '1203' }];
    expect(issuesOf(off)).toEqual([expect.stringMatching(/^sides\[1\]\.deploymentZone\[1\]\.to: "1203" is off the 10×10 map/)]);
    const overlap = field();
    overlap.sides[1].deploymentZone = [{ from: '0101', to: '0308' }];
    expect(issuesOf(overlap)).toEqual(expect.arrayContaining([expect.stringMatching(/^sides\[1\]\.deploymentZone: 0108 is also in the zone of side "blue"/)]));
  });

  test('§4.5.2 a malformed zone is named by its path; decoys are no longer written in the file (they are placed at deployment)', () => {
    const bad = field();
    (bad.sides[0] as { deploymentZone: unknown }).deploymentZone = [{ from: '01x8', to: '1010' }];
    expect(issuesOf(bad)[0]).toMatch(/^sides\[0\]\.deploymentZone\[0\]/);
    expect(issuesOf({ ...field(), decoys: [] })[0]).toMatch(/Unrecognized key.*decoys/);
  });

  test('§4.5.2 a zone rectangle holds every hex between the columns and rows of its corners, in either order', () => {
    const grid = { cols: 10, rows: 10 };
    expect(zoneHexes(grid, [{ from: '0302', to: '0201' }, '0201'])).toEqual([H('0201'), H('0301'), H('0202'), H('0302')].sort((a, b) => a - b));
  });

  test('§4.5.2 the public part of a scenario leaves out every unit deployed hidden; summaries come from it', () => {
    const pub = publicScenario(loadScenario(field()));
    expect(pub.units.map((u) => u.id)).toEqual(['b', 'r', 're']);
    const ford = scenarioById('the-ford')!;
    const secrets = ford.units.filter((u) => u.deployHidden).flatMap((u) => [u.id, u.name, u.type]);
    expect(secrets.length).toBeGreaterThan(0);
    const served = JSON.stringify([scenarioSummaries().find((x) => x.id === 'the-ford'), publicScenarios().find((x) => x.id === 'the-ford')]);
    for (const secret of secrets) expect(served).not.toContain(secret);
    expect(publicScenarios().map((s) => s.id)).toEqual(SCENARIOS.map((s) => s.id));
  });

  test('§4.5.2 the shipped descriptions say nothing of where the hidden units stand', () => {
    for (const s of SCENARIOS) expect(`${s.description.fr} ${s.description.en}`).not.toMatch(/embuscade|ambush|gobelin|goblin|bois|wood/i);
  });
});

describe('§4.5.2 the battle opens on the hidden deployment', () => {
  test('§4.5.2 units to deploy hidden wait off the board, hidden, without a cover; a side with nothing to deploy has deployed', () => {
    const s = start();
    expect(s.units.filter((u) => u.hidden).map((u) => [u.id, u.hex, u.coverId])).toEqual([
      ['h1', -1, undefined],
      ['h2', -1, undefined],
      ['rh', -1, undefined],
    ]);
    expect(s.decoys).toEqual([]);
    expect(Object.entries(s.deployment!.sides).map(([id, d]) => [id, d.done, d.zone.length])).toEqual([
      ['blue', false, 30],
      ['red', false, 30],
    ]);
    const ford = createGame(scenarioById('the-ford')!, 'x');
    expect(ford.deployment!.sides).toMatchObject({ ardenne: { done: true }, 'black-teeth': { done: false } });
    expect(createGame(scenarioById('ash-plain')!, 'x').deployment).toBeUndefined();
  });

  test('§4.5.2 creating the game draws no cover id: the generator is untouched until the deployment ends', () => {
    expect(start().rng).toEqual(seedRng('deploy-seed'));
    expect(createGame(scenarioById('the-ford')!, 'x').rng).toEqual(seedRng('x'));
  });

  test('§4.5.2 every other action waits for the deployment, and legalActions offers deploy', () => {
    const s = start();
    expect(refused(s, 'blue', { type: 'activate', piece: 'b' })).toMatchObject({ code: 'deploymentUnderway', section: '§4.5.2' });
    expect(refused(s, 'blue', { type: 'endTurn' }).code).toBe('deploymentUnderway');
    const legal = legalActions(s, 'blue', 'b');
    expect(legal.find((l) => l.type === 'deploy')).toEqual({ type: 'deploy', allowed: true });
    expect(legal.filter((l) => l.type !== 'deploy').every((l) => !l.allowed && l.rejection?.code === 'deploymentUnderway')).toBe(true);
    expect(legalActions(s, 'spectator', 'b').find((l) => l.type === 'deploy')).toMatchObject({ allowed: false, rejection: { code: 'notAPlayer' } });
    // A unit still to deploy is asked about like any other, and nothing moves yet.
    expect(legalActions(viewFor(s, 'blue'), 'blue', 'h1').find((l) => l.type === 'deploy')?.allowed).toBe(true);
    expect([reachable(s, 'blue', 'b'), reachable(viewFor(s, 'blue'), 'blue', 'h1')]).toEqual([[], []]);
  });

  test('§4.5.2 the phase ends only when every side has deployed; then turn 1 opens as usual', () => {
    const first = ok(start(), 'blue', deploy(blueOk()));
    expect(first.events.map((e) => e.type)).toEqual(['deployed']);
    expect(first.state.deployment!.sides.blue.done).toBe(true);
    expect(first.state.units.find((u) => u.id === 'h1')!.hex).toBe(-1);
    const second = ok(first.state, 'red', deploy(redOk()));
    expect(second.events.map((e) => e.type)).toEqual(['deployed', 'deploymentEnded']);
    const s = second.state;
    expect(s.deployment).toBeUndefined();
    expect(s.units.filter((u) => u.hidden).map((u) => [u.id, u.hex, u.facing])).toEqual([
      ['h1', H('0309'), 0],
      ['h2', H('0709'), 0],
      ['rh', H('0802'), 6],
    ]);
    expect(s.decoys).toMatchObject([{ id: 'blue-decoy-1', side: 'blue', hex: H('0809'), facing: 0, mimic: 'h1', activated: false }]);
    expect(coversOf(s)).toHaveLength(4);
    expect({ turn: s.turn, activeSide: s.activeSide, activation: s.activation, status: s.status }).toEqual({ turn: 1, activeSide: 'blue', activation: null, status: 'playing' });
    expect(ok(s, 'blue', { type: 'activate', piece: 'h1' }).state.activation).toMatchObject({ piece: 'h1' });
    expect(refused(s, 'blue', deploy(blueOk())).code).toBe('noDeployment');
  });

  test('§4.5.2 a side may deploy again, replacing its placement, until the last side deploys', () => {
    let s = ok(start(), 'blue', deploy(blueOk())).state;
    const again: Placed = { units: [{ unit: 'h1', ...at('0410') }, { unit: 'h2', ...at('1010') }], decoys: [] };
    s = ok(s, 'blue', deploy(again)).state;
    expect(s.deployment!.sides.blue.placement).toEqual(again);
    s = ok(s, 'red', deploy(redOk())).state;
    expect(s.units.filter((u) => u.side === 'blue' && u.hidden).map((u) => u.hex)).toEqual([H('0410'), H('1010')]);
    expect(s.decoys).toEqual([]);
  });

  test('§4.5.2 the referee deploys for an absent side, naming it; a player deploys only his own side', () => {
    const s = start();
    expect(refused(s, 'referee', deploy(blueOk())).code).toBe('deployWhichSide');
    expect(refused(s, 'referee', deploy(blueOk(), 'green')).code).toBe('deployWhichSide');
    expect(refused(s, 'red', deploy(blueOk(), 'blue')).code).toBe('deployOwnSideOnly');
    expect(refused(s, 'spectator', deploy(blueOk(), 'blue')).code).toBe('notAPlayer');
    const r = ok(s, 'referee', deploy(blueOk(), 'blue'));
    expect(r.state.deployment!.sides.blue).toMatchObject({ done: true, placement: blueOk() });
    expect(r.events).toEqual([expect.objectContaining({ type: 'deployed', side: 'blue' })]);
    expect(ok(s, 'blue', deploy(blueOk(), 'blue')).state.deployment!.sides.blue.done).toBe(true);
  });
});

describe('§4.5.2 what a placement must keep', () => {
  const why = (p: Placed) => refused(start(), 'blue', deploy(p));
  const place = (over: Partial<Placed>): Placed => ({ ...blueOk(), ...over });

  test('§4.5.2 "le joueur pose un Cache sur ces Unités": every hidden unit of the side, each once, and no other', () => {
    expect(why(place({ units: [{ unit: 'h1', ...at('0309') }] }))).toMatchObject({ code: 'deployUnitMissing', section: '§4.5.2' });
    expect(why(place({ units: [{ unit: 'h1', ...at('0309') }, { unit: 'h1', ...at('0409') }, { unit: 'h2', ...at('0709') }] })).code).toBe('deployUnitTwice');
    for (const other of ['b', 'rh', 'nobody']) {
      expect(why(place({ units: [{ unit: 'h1', ...at('0309') }, { unit: 'h2', ...at('0709') }, { unit: other, ...at('0609') }] }))).toMatchObject({ code: 'deployNotHidden', message: { en: `${other} is not a unit of that side to deploy hidden.` } });
    }
  });

  test('§4.5.2 every piece in the side’s deployment zone', () => {
    expect(why(place({ units: [{ unit: 'h1', ...at('0307') }, { unit: 'h2', ...at('0709') }] }))).toMatchObject({ code: 'outsideDeploymentZone', message: { en: "0307 is not in the side's deployment zone." } });
    expect(why(place({ decoys: [{ mimic: 'h1', ...at('0802') }] })).code).toBe('outsideDeploymentZone');
    expect(why(place({ decoys: [{ mimic: 'h1', hex: 5000, facing: 0 }] })).code).toBe('outsideDeploymentZone');
  });

  test('§4.5.1 "pour chacune d’elle, il peut poser en plus un Leurre": at most one decoy per hidden unit, each imitating a different hidden unit of the side', () => {
    const three = [0, 1, 2].map((i) => ({ mimic: i === 2 ? 'h1' : `h${i + 1}`, ...at(`0${i + 1}10`) }));
    expect(why(place({ decoys: three }))).toMatchObject({ code: 'tooManyDecoys', section: '§4.5.1' });
    expect(why(place({ decoys: [{ mimic: 'h1', ...at('0110') }, { mimic: 'h1', ...at('0210') }] })).code).toBe('decoyMimicTwice');
    expect(why(place({ decoys: [{ mimic: 'b', ...at('0110') }] })).code).toBe('decoyMimicUnknown');
    expect(why(place({ decoys: [{ mimic: 'rh', ...at('0110') }] })).code).toBe('decoyMimicUnknown');
    expect(ok(start(), 'blue', deploy(place({ decoys: [{ mimic: 'h1', ...at('0110') }, { mimic: 'h2', ...at('0210') }] }))).ok).toBe(true);
  });

  test('§2.3.1 stacking: a decoy counts as its mimic, with the side’s units already in the hex', () => {
    // b (large, 4 points) + h1 + h2 = 12 points in 0509.
    expect(why(place({ units: [{ unit: 'h1', ...at('0509') }, { unit: 'h2', ...at('0509') }] }))).toMatchObject({ code: 'stackingLimit', message: { en: '0509 would exceed 10 stacking points (12).' } });
    expect(why(place({ decoys: [{ mimic: 'h1', ...at('0309') }, { mimic: 'h2', ...at('0309') }] })).code).toBe('stackingLimit');
    // A hidden unit and a decoy may share a hex (sheet 000 Leurres: "sur ou sous l'Unité").
    expect(ok(start(), 'blue', deploy(place({ decoys: [{ mimic: 'h1', ...at('0309') }] }))).ok).toBe(true);
  });

  test('§2.3.1 the pieces of a stack share one facing, that of the units already there', () => {
    expect(why(place({ units: [{ unit: 'h1', ...at('0509', 2) }, { unit: 'h2', ...at('0709') }] }))).toMatchObject({ code: 'deployStackFacing', section: '§2.3.1' });
    expect(why(place({ decoys: [{ mimic: 'h1', ...at('0309', 4) }] })).code).toBe('deployStackFacing');
    expect(ok(start(), 'blue', deploy(place({ units: [{ unit: 'h1', ...at('0509') }, { unit: 'h2', ...at('0709') }] }))).ok).toBe(true);
  });

  test('§2.2.1.1 on terrain the unit may enter (a decoy: its mimic); §2.3.1 never in a hex holding an enemy', () => {
    expect(why(place({ units: [{ unit: 'h1', ...at('0908') }, { unit: 'h2', ...at('0709') }] })).code).toBe('forbiddenTerrain');
    expect(why(place({ decoys: [{ mimic: 'h1', ...at('0908') }] })).code).toBe('forbiddenTerrain');
    expect(why(place({ units: [{ unit: 'h1', ...at('0109') }, { unit: 'h2', ...at('0709') }] }))).toMatchObject({ code: 'enemyInHex', message: { en: 'A unit may never stack with the enemy (0109).' } });
  });

  test('§4.5.2 the client’s deploymentRefusal on the side’s view gives the action’s own answer', () => {
    const s = start();
    const view = viewFor(s, 'blue');
    const bad: Placed[] = [
      place({ units: [{ unit: 'h1', ...at('0307') }, { unit: 'h2', ...at('0709') }] }),
      place({ decoys: [{ mimic: 'h1', ...at('0110') }, { mimic: 'h1', ...at('0210') }] }),
      place({ units: [{ unit: 'h1', ...at('0509') }, { unit: 'h2', ...at('0509') }] }),
      place({ units: [{ unit: 'h1', ...at('0109') }, { unit: 'h2', ...at('0709') }] }),
    ];
    for (const p of bad) expect(deploymentRefusal(view, 'blue', p)).toEqual(refused(s, 'blue', deploy(p)));
    expect(deploymentRefusal(view, 'blue', blueOk())).toBeNull();
    expect(deploymentOptions(view, 'blue')).toMatchObject({ zone: s.deployment!.sides.blue.zone, maxDecoys: 2, done: false, othersDone: { red: false } });
    expect(deploymentOptions(view, 'blue').units.map((u) => u.id)).toEqual(['h1', 'h2']);
    expect(deploymentOptions(viewFor(s, 'red'), 'red').units.map((u) => u.id)).toEqual(['rh']);
  });

  test('sheet 000 Unités Cachées: a hidden unit deployed in sight of an enemy is revealed when the deployment ends', () => {
    const s = ok(ok(start(), 'blue', deploy(place({ units: [{ unit: 'h1', ...at('0110') }, { unit: 'h2', ...at('0709') }] }))).state, 'red', deploy(redOk()));
    expect(s.state.units.find((u) => u.id === 'h1')).toMatchObject({ hidden: false, hex: H('0110') });
    expect(s.events.map((e) => e.type)).toEqual(['deployed', 'revealed', 'deploymentEnded']);
  });
});

describe('§4.5.2 a deployment is its side’s secret', () => {
  test('§4.5.2 the other side and spectators see whether a side has deployed, never its placement nor its units to deploy; the referee sees all', () => {
    const s = ok(start(), 'blue', deploy(blueOk())).state;
    for (const seat of ['red', 'spectator']) {
      const view = viewFor(s, seat);
      expect(view.deployment!.sides.blue).toEqual({ zone: s.deployment!.sides.blue.zone, done: true });
      expect(view.units.map((u) => u.id)).not.toEqual(expect.arrayContaining(['h1']));
      expect(JSON.stringify(view)).not.toMatch(/"h1"|"h2"/);
    }
    expect(viewFor(s, 'red').units.map((u) => u.id)).toContain('rh');
    expect(JSON.stringify(viewFor(s, 'spectator'))).not.toContain('"rh"');
    expect(viewFor(s, 'blue').deployment!.sides.blue.placement).toEqual(blueOk());
    expect(viewFor(s, 'referee').deployment!.sides.blue.placement).toEqual(blueOk());
  });

  test('§4.5.2 the events of the deployment are public and tell nothing but that a side deployed', () => {
    const first = ok(start(), 'blue', deploy(blueOk()));
    const last = ok(first.state, 'red', deploy(redOk()));
    const bodies = [...first.events, ...last.events].map(({ section: _s, ...e }) => e);
    expect(bodies).toEqual([
      { type: 'deployed', side: 'blue', audience: { to: 'all' } },
      { type: 'deployed', side: 'red', audience: { to: 'all' } },
      { type: 'deploymentEnded', audience: { to: 'all' } },
    ]);
  });

  test('§4.5.1, sheet 000 Leurres: cover ids are drawn in hex order, so swapping the hidden unit and its decoy changes nothing the opponent sees', () => {
    const ford = () => createGame(scenarioById('the-ford')!, 'swap-seed');
    const swapped = { units: [{ ...FORD_PLACEMENT.units[0], hex: '1204' }], decoys: [{ ...FORD_PLACEMENT.decoys[0], hex: '1303' }] };
    const told = (placement: typeof FORD_PLACEMENT) => {
      const events: GameEvent[] = [];
      const s = ok(ford(), 'black-teeth', { type: 'deploy', units: placement.units.map((u) => ({ ...u, hex: H16(u.hex) })), decoys: placement.decoys.map((d) => ({ ...d, hex: H16(d.hex) })) });
      events.push(...s.events);
      let state: GameState = s.state;
      // Ardenne ends its turn; the Black Teeth activate and pass the piece at 1303, whatever it is.
      state = ok(state, 'ardenne', { type: 'endTurn' }).state;
      const at1303 = [...state.units, ...state.decoys].find((p) => p.hex === H16('1303'))!.id;
      for (const action of [{ type: 'activate', piece: at1303 }, { type: 'pass', piece: at1303 }]) {
        const r = ok(state, 'black-teeth', action);
        events.push(...r.events);
        state = r.state;
      }
      return { state, events };
    };
    const a = told(FORD_PLACEMENT);
    const b = told(swapped);
    expect(a.state.units.find((u) => u.id === 'o-ambush')!.hex).not.toBe(b.state.units.find((u) => u.id === 'o-ambush')!.hex);
    for (const seat of ['ardenne', 'spectator']) {
      expect(viewFor(a.state, seat)).toEqual(viewFor(b.state, seat));
      expect(eventsFor(a.events, seat)).toEqual(eventsFor(b.events, seat));
    }
  });

  test('the test helper deploys the-ford as the tests play it: ambush at 1303 and its decoy at 1204, both facing 7', () => {
    const s = deployFord(createGame(scenarioById('the-ford')!, 'x'));
    expect(s.deployment).toBeUndefined();
    expect(s.units.find((u) => u.id === 'o-ambush')).toMatchObject({ hex: H16('1303'), facing: 7, hidden: true });
    expect(s.decoys).toMatchObject([{ id: FORD_DECOY, hex: H16('1204'), facing: 7, mimic: 'o-ambush' }]);
  });
});

/** A hex of the-ford's 16×12 map. */
function H16(label: string): number {
  return parseHexLabel({ cols: 16, rows: 12 }, label);
}
