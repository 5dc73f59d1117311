import { apply, createGame, hexLabel, parseHexLabel, type GameEvent, type GameState, type Scenario, type ScenarioInput } from '@lames/rules';

/**
 * The fire battle of the browser test (e2e/browser-fire.test.ts): a 14×10
 * field played at the intermediate level (§3.2). Ardenne's archers (large,
 * ordinary weapon: two shots, §3.2.3) stand at 0508 facing north with their
 * army commander, Sire Gauvain, next to them (the ammunition source,
 * §3.2.6); the Dents Noires' warband stands at 0505, three hexes ahead. A
 * hill at 0906 (altitude 2) hides 1004 from the archers.
 *
 * The script: the archers fire their two shots at the warband. The seed
 * kept is the first on which a shot rolls a double (the ammunition falls to
 * diminished, §3.2.5) and no shot leaves a loss for the defender to choose.
 * Both sides then end their turns, and at Ardenne's next turn the archers
 * reload next to their commander (§3.2.10: automatic within 2 hexes), then
 * Aelis, an archer character stacked with her guard at 1108, duels Grik,
 * stacked with his at 1107 (§3.2.8: a small character stacked with a large
 * unit against a small character so stacked).
 */
const COLS = 14;
const ROWS = 10;
export const fireHexOf = (label: string): number => parseHexLabel({ cols: COLS, rows: ROWS }, label);
export const fireLabelOf = (hex: number): string => hexLabel({ cols: COLS, rows: ROWS }, hex);
export const FIRE_ID = 'e2e-fire';
const A = 'ardenne';
const B = 'black-teeth';

type UnitInput = ScenarioInput['units'][number];

function unit(id: string, name: string, side: string, wing: string, hex: string, facing: number, weapon: UnitInput['profiles']['weapon']['class'], kind: 'troop' | 'character' = 'troop'): UnitInput {
  return {
    id,
    name,
    side,
    wing,
    kind,
    size: kind === 'troop' ? 'large' : 'small',
    type: `e2e-${weapon}`,
    profiles: {
      weapon: { class: weapon, capacity: 'ordinary' },
      command: { class: 'regular', capacity: 'ordinary' },
      morale: { class: 'normal', capacity: 'ordinary' },
      movement: { class: 'pedestrian', capacity: 'ordinary' },
    },
    steps: kind === 'troop' ? 4 : 2,
    hex,
    facing,
  };
}

export function fireInput(): ScenarioInput {
  const wing = (id: string, name: string, leader: string) => ({ id, name, leader, directive: 'defend' as const, morale: 6, fatigue: 4 });
  return {
    id: FIRE_ID,
    name: { fr: 'Tir E2E', en: 'E2E fire' },
    description: { fr: 'Des archers tirent.', en: 'Archers fire.' },
    rulesLevel: 'intermediate',
    turnLimit: 6,
    map: { cols: COLS, rows: ROWS, altitude: { '2': ['0906'] } },
    sides: [
      { id: A, name: 'Ardenne', armyCommander: 'a-gauvain', retreatEdge: 'south', wings: [wing('ardenne-archers', 'Les Archers', 'a-gauvain')] },
      { id: B, name: 'Dents Noires', armyCommander: 'o-uzgul', retreatEdge: 'north', wings: [wing('horde', 'La Horde', 'o-uzgul')] },
    ],
    units: [
      unit('a-archers', 'Archers du Val', A, 'ardenne-archers', '0508', 0, 'archers'),
      unit('a-gauvain', 'Sire Gauvain', A, 'ardenne-archers', '0609', 0, 'character', 'character'),
      unit('o-warband', "Bande d'Uzgul", B, 'horde', '0505', 6, 'infantry'),
      unit('o-uzgul', 'Uzgul', B, 'horde', '1302', 6, 'character', 'character'),
      // The fire duel (§3.2.8): Aelis and Grik, archer characters each stacked with a large guard, the two stacks face to face.
      unit('a-guard', "Garde d'Aelis", A, 'ardenne-archers', '1108', 0, 'infantry'),
      unit('a-aelis', 'Aelis', A, 'ardenne-archers', '1108', 0, 'archers', 'character'),
      unit('o-guard', 'Garde de Grik', B, 'horde', '1107', 6, 'infantry'),
      unit('o-grik', 'Grik', B, 'horde', '1107', 6, 'archers', 'character'),
    ],
  };
}

export interface FireStep {
  seat: string;
  action: Record<string, unknown> & { type: string };
  events: GameEvent[];
  before: GameState;
}

export interface FireScript {
  seed: string;
  steps: FireStep[];
  state: GameState;
}

function play(scenario: Scenario, seed: string): FireScript | null {
  let state = createGame(scenario, seed);
  const steps: FireStep[] = [];
  const send = (seat: string, action: FireStep['action']): GameEvent[] | null => {
    const r = apply(state, seat, action);
    if (!r.ok) return null;
    steps.push({ seat, action, events: r.events, before: state });
    state = r.state;
    return r.events;
  };
  if (!send(A, { type: 'activate', piece: 'a-archers' })) return null;
  const fired = send(A, { type: 'fire', piece: 'a-archers', targets: ['o-warband', 'o-warband'], combine: false });
  if (!fired || state.pendingLosses) return null;
  const shots = fired.filter((e) => e.type === 'combat');
  if (shots.length !== 2 || !fired.some((e) => e.type === 'ammunitionChanged')) return null;
  if (state.units.find((u) => u.id === 'a-archers')!.ammunition !== 'diminished') return null;
  // Both sides end their turns until Ardenne plays again, then the archers reload next to Sire Gauvain (§3.2.10: automatic).
  for (let i = 0; i < 4 && !(state.activeSide === A && state.turn > 1); i++) if (!send(state.activeSide, { type: 'endTurn' })) return null;
  if (!send(A, { type: 'activate', piece: 'a-archers' })) return null;
  const reloaded = send(A, { type: 'reload', piece: 'a-archers' });
  if (!reloaded || state.units.find((u) => u.id === 'a-archers')!.ammunition !== undefined) return null;
  // Then Aelis duels Grik with her bow (§3.2.8): one shot, no loss left for the defender to choose.
  if (!send(A, { type: 'activate', piece: 'a-aelis' })) return null;
  const duel = send(A, { type: 'fireDuel', piece: 'a-aelis', target: 'o-grik' });
  if (!duel || state.pendingLosses || !duel.some((e) => e.type === 'combat' && e.kind === 'fireDuel')) return null;
  return { seed, steps, state };
}

export function seedForFire(scenario: Scenario, tries = 400): FireScript | null {
  for (let i = 0; i < tries; i++) {
    const run = play(scenario, `e2e-fire-${i}`);
    if (run) return run;
  }
  return null;
}
