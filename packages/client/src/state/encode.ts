import type { Decoy, GameState, Unit } from '@lames/rules';
import type { DecodedState, PieceState } from './decoded';

/**
 * The inverse of `toView`, as the server would sync a seat's view: units in
 * the open go to `pieces`, the seat's hidden units and decoys to `secrets`.
 * Used by tests and by the offline preview.
 */
export function unitToPiece(u: Unit, activating = false): PieceState {
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    wing: u.wing,
    kind: u.kind,
    size: u.size,
    type: u.type,
    weaponClass: u.profiles.weapon.class,
    weaponCapacity: u.profiles.weapon.capacity,
    commandClass: u.profiles.command.class,
    commandCapacity: u.profiles.command.capacity,
    moraleClass: u.profiles.morale.class,
    moraleCapacity: u.profiles.morale.capacity,
    movementClass: u.profiles.movement.class,
    movementCapacity: u.profiles.movement.capacity,
    steps: u.steps,
    maxSteps: u.maxSteps,
    faculties: u.faculties.join(','),
    hex: u.hex,
    facing: u.facing,
    cohesion: u.cohesion,
    breath: u.breath,
    shock: u.shock,
    order: u.order,
    stackRank: u.stackRank,
    hidden: u.hidden,
    coverId: u.coverId ?? '',
    isDecoy: false,
    mimic: '',
    activating,
  };
}

export function decoyToPiece(d: Decoy, activating = false): PieceState {
  return {
    ...unitToPiece(
      {
        id: d.id,
        name: '',
        side: d.side,
        wing: '',
        kind: 'troop',
        size: 'large',
        type: '',
        profiles: {
          weapon: { class: '', capacity: 'ordinary' },
          command: { class: '', capacity: 'ordinary' },
          morale: { class: '', capacity: 'ordinary' },
          movement: { class: 'pedestrian', capacity: 'ordinary' },
        },
        steps: 0,
        maxSteps: 0,
        faculties: [],
        hex: d.hex,
        facing: d.facing,
        cohesion: 'inOrder',
        breath: 'fresh',
        shock: 'none',
        order: d.activated ? 'activated' : 'none',
        stackRank: d.stackRank,
        hidden: true,
        coverId: d.coverId,
      },
      activating,
    ),
    isDecoy: true,
    mimic: d.mimic,
  };
}

/** `view` must be a rules view (`viewFor`), with its perspective and covers. */
export function encodeView(view: GameState, battleName = ''): DecodedState {
  const act = view.activation;
  const pieces: Record<string, PieceState> = {};
  const secrets: Record<string, PieceState> = {};
  for (const u of view.units) {
    const p = unitToPiece(u, !!act && !act.covered && act.piece === u.id);
    (u.hidden ? secrets : pieces)[u.id] = p;
  }
  for (const d of view.decoys) secrets[d.id] = decoyToPiece(d, !!act && !act.covered && act.piece === d.id);
  const covers = Object.fromEntries(
    (view.covers ?? []).map((c) => [c.id, { ...c, activating: !!act && !!act.covered && act.piece === c.id }]),
  );
  return {
    scenarioId: view.scenarioId,
    battleName,
    board: JSON.stringify(view.board),
    turn: view.turn,
    turnLimit: view.turnLimit,
    activeSide: view.activeSide,
    status: view.status,
    sides: view.sides.map((s) => ({ ...s, armyCommander: s.armyCommander ?? '', seated: true, connected: true })),
    wings: view.wings.map((w) => ({ ...w, leader: w.leader ?? '' })),
    pieces,
    covers,
    secrets,
  };
}
