import type { Capacity, CommandClass, Faculty, MoraleClass, MovementClass, WeaponClass } from '../data/schemas';
import type { Cover, Decoy, Unit } from '../state/types';

/**
 * The flat form of a piece on the wire: one schema object per piece, all
 * primitives, so that every piece costs exactly one schema reference id and
 * a decoy and a hidden unit look alike in count. The server writes it
 * (sync), the client reads it back into the rules' view (to-view): both use
 * these functions, so the two ends cannot drift.
 */
export interface PieceWire {
  id: string;
  name: string;
  side: string;
  wing: string;
  kind: string;
  size: string;
  type: string;
  weaponClass: string;
  weaponCapacity: string;
  commandClass: string;
  commandCapacity: string;
  moraleClass: string;
  moraleCapacity: string;
  movementClass: string;
  movementCapacity: string;
  steps: number;
  maxSteps: number;
  faculties: string;
  /** The ammunition marker (§3.2.3): '' when full. */
  ammunition: string;
  hex: number;
  /** A formation's second hex (§3.3, docs/formations.md); -1 on a one-hex unit and on every decoy. */
  secondHex: number;
  /** A formation's mode marker (§3.3.6): '' in march, on every one-hex unit and on every decoy. */
  formationMode: string;
  facing: number;
  cohesion: string;
  breath: string;
  shock: string;
  order: string;
  stackRank: number;
  hidden: boolean;
  coverId: string;
  isDecoy: boolean;
  mimic: string;
  activating: boolean;
  destroyed: boolean;
  /** Off the map behind hexside offMapDir of hex offMapHex since turn offMapTurn (§2.6.10); -1 when on the map. */
  offMapHex: number;
  offMapDir: number;
  offMapTurn: number;
}

export interface CoverWire extends Cover {
  activating: boolean;
}

/** A decoy has no name, profiles or steps: those fields stay empty. */
export const BLANK_PIECE: Readonly<PieceWire> = {
  id: '', name: '', side: '', wing: '', kind: '', size: '', type: '',
  weaponClass: '', weaponCapacity: '', commandClass: '', commandCapacity: '',
  moraleClass: '', moraleCapacity: '', movementClass: '', movementCapacity: '',
  steps: 0, maxSteps: 0, faculties: '', ammunition: '', hex: -1, secondHex: -1, formationMode: '', facing: 0,
  cohesion: '', breath: '', shock: '', order: '', stackRank: 0,
  hidden: false, coverId: '', isDecoy: false, mimic: '', activating: false,
  destroyed: false, offMapHex: -1, offMapDir: -1, offMapTurn: -1,
};

export function unitToWire(u: Unit, stackRank: number, activating: boolean): PieceWire {
  const p = u.profiles;
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    wing: u.wing,
    kind: u.kind,
    size: u.size,
    type: u.type,
    weaponClass: p.weapon.class,
    weaponCapacity: p.weapon.capacity,
    commandClass: p.command.class,
    commandCapacity: p.command.capacity,
    moraleClass: p.morale.class,
    moraleCapacity: p.morale.capacity,
    movementClass: p.movement.class,
    movementCapacity: p.movement.capacity,
    steps: u.steps,
    maxSteps: u.maxSteps,
    faculties: u.faculties.join(','),
    ammunition: u.ammunition ?? '',
    hex: u.hex,
    secondHex: u.secondHex ?? -1,
    formationMode: u.formationMode ?? '',
    facing: u.facing,
    cohesion: u.cohesion,
    breath: u.breath,
    shock: u.shock,
    order: u.order,
    stackRank,
    hidden: u.hidden,
    coverId: u.hidden ? (u.coverId ?? '') : '',
    isDecoy: false,
    mimic: '',
    activating,
    destroyed: u.destroyed === true,
    offMapHex: u.offMap?.hex ?? -1,
    offMapDir: u.offMap?.dir ?? -1,
    offMapTurn: u.offMap?.turn ?? -1,
  };
}

export function decoyToWire(d: Decoy, stackRank: number, activating: boolean): PieceWire {
  return {
    ...BLANK_PIECE,
    id: d.id,
    side: d.side,
    type: 'decoy',
    hex: d.hex,
    facing: d.facing,
    order: d.activated ? 'activated' : 'none',
    stackRank,
    hidden: true,
    coverId: d.coverId,
    isDecoy: true,
    mimic: d.mimic,
    activating,
    offMapHex: d.offMap?.hex ?? -1,
    offMapDir: d.offMap?.dir ?? -1,
    offMapTurn: d.offMap?.turn ?? -1,
  };
}

export function wireToUnit(p: PieceWire): Unit {
  const unit: Unit = {
    id: p.id,
    name: p.name,
    side: p.side,
    wing: p.wing,
    kind: p.kind as Unit['kind'],
    size: p.size as Unit['size'],
    type: p.type,
    profiles: {
      weapon: { class: p.weaponClass as WeaponClass, capacity: p.weaponCapacity as Capacity },
      command: { class: p.commandClass as CommandClass, capacity: p.commandCapacity as Capacity },
      morale: { class: p.moraleClass as MoraleClass, capacity: p.moraleCapacity as Capacity },
      movement: { class: p.movementClass as MovementClass, capacity: p.movementCapacity as Capacity },
    },
    steps: p.steps,
    maxSteps: p.maxSteps,
    faculties: p.faculties ? (p.faculties.split(',').filter((f) => f.length > 0) as Faculty[]) : [],
    hex: p.hex,
    facing: p.facing,
    cohesion: (p.cohesion || 'inOrder') as Unit['cohesion'],
    breath: (p.breath || 'fresh') as Unit['breath'],
    shock: (p.shock || 'none') as Unit['shock'],
    order: (p.order || 'none') as Unit['order'],
    stackRank: p.stackRank,
    hidden: !!p.hidden,
  };
  if (p.secondHex >= 0) unit.secondHex = p.secondHex;
  if (p.formationMode) unit.formationMode = p.formationMode as NonNullable<Unit['formationMode']>;
  if (p.coverId) unit.coverId = p.coverId;
  if (p.destroyed) unit.destroyed = true;
  if (p.ammunition === 'diminished' || p.ammunition === 'exhausted') unit.ammunition = p.ammunition;
  if (p.offMapHex >= 0) unit.offMap = { hex: p.offMapHex, dir: p.offMapDir, turn: p.offMapTurn };
  return unit;
}

export function wireToDecoy(p: PieceWire): Decoy {
  const decoy: Decoy = {
    id: p.id,
    side: p.side,
    hex: p.hex,
    facing: p.facing,
    mimic: p.mimic,
    activated: p.order === 'activated',
    stackRank: p.stackRank,
    coverId: p.coverId,
  };
  if (p.offMapHex >= 0) decoy.offMap = { hex: p.offMapHex, dir: p.offMapDir, turn: p.offMapTurn };
  return decoy;
}
