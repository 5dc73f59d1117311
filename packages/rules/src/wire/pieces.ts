import {
  AMMUNITION,
  CAPACITIES,
  COMMAND_CLASSES,
  FORMATION_MODES,
  MORALE_CLASSES,
  MOVEMENT_CLASSES,
  WEAPON_CLASSES,
  type Capacity,
  type CommandClass,
  type Faculty,
  type MoraleClass,
  type MovementClass,
  type WeaponClass,
} from '../data/schemas';
import type { Cover, Decoy, Unit } from '../state/types';

/**
 * The enumerated fields travel as small integers (issue 9: a piece was about
 * 35 strings of profile words): the value's place in its list below, 0 for
 * '' (a decoy's blank fields, a full ammunition marker, a one-hex unit's
 * mode). The lists are the rules' own (data/schemas.ts, state/types.ts),
 * so a value the rules allow always has a code; one they do not allow is
 * refused loudly rather than sent wrong. Both ends use these lists: a list
 * changes for both at once.
 */
const WORDS = {
  kind: ['', 'troop', 'character'],
  size: ['', 'large', 'small'],
  weaponClass: ['', ...WEAPON_CLASSES],
  commandClass: ['', ...COMMAND_CLASSES],
  moraleClass: ['', ...MORALE_CLASSES],
  movementClass: ['', ...MOVEMENT_CLASSES],
  capacity: ['', ...CAPACITIES],
  ammunition: ['', ...AMMUNITION],
  formationMode: ['', ...FORMATION_MODES],
  cohesion: ['', 'inOrder', 'shaken', 'routed'],
  breath: ['', 'fresh', 'winded', 'exhausted'],
  shock: ['', 'none', 'contact', 'charge'],
  order: ['', 'none', 'specialOrder', 'activated'],
} as const satisfies Record<string, readonly string[]>;
type WordList = keyof typeof WORDS;
type WordOf<L extends WordList> = (typeof WORDS)[L][number];

/** The code of `value` in its list; a value the list lacks is a bug, never sent as something else. */
function code(list: WordList, value: string): number {
  const index = (WORDS[list] as readonly string[]).indexOf(value);
  if (index < 0) throw new Error(`wire/pieces: ${list} '${value}' has no code`);
  return index;
}

/** The word a code stands for. */
export function wordOf<L extends WordList>(list: L, n: number): WordOf<L> {
  const word = (WORDS[list] as readonly string[])[n];
  if (word === undefined) throw new Error(`wire/pieces: ${list} code ${n} is unknown`);
  return word as WordOf<L>;
}

/**
 * The flat form of a piece on the wire: one schema object per piece, all
 * primitives, so that every piece costs exactly one schema reference id and
 * a decoy and a hidden unit look alike in count. The server writes it
 * (sync), the client reads it back into the rules' view (to-view): both use
 * these functions, so the two ends cannot drift. The enumerated fields
 * (kind, size, the profiles' classes and capacities, the markers) are codes:
 * see WORDS.
 */
export interface PieceWire {
  id: string;
  name: string;
  side: string;
  wing: string;
  kind: number;
  size: number;
  type: string;
  weaponClass: number;
  weaponCapacity: number;
  commandClass: number;
  commandCapacity: number;
  moraleClass: number;
  moraleCapacity: number;
  movementClass: number;
  movementCapacity: number;
  steps: number;
  maxSteps: number;
  faculties: string;
  /** The ammunition marker (§3.2.3): 0 ('') when full. */
  ammunition: number;
  hex: number;
  /** A formation's second hex (§3.3, docs/formations.md); -1 on a one-hex unit and on every decoy. */
  secondHex: number;
  /** A formation's mode marker (§3.3.6): 0 ('') in march, on every one-hex unit and on every decoy. */
  formationMode: number;
  facing: number;
  cohesion: number;
  breath: number;
  shock: number;
  order: number;
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
  id: '', name: '', side: '', wing: '', kind: 0, size: 0, type: '',
  weaponClass: 0, weaponCapacity: 0, commandClass: 0, commandCapacity: 0,
  moraleClass: 0, moraleCapacity: 0, movementClass: 0, movementCapacity: 0,
  steps: 0, maxSteps: 0, faculties: '', ammunition: 0, hex: -1, secondHex: -1, formationMode: 0, facing: 0,
  cohesion: 0, breath: 0, shock: 0, order: 0, stackRank: 0,
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
    kind: code('kind', u.kind),
    size: code('size', u.size),
    type: u.type,
    weaponClass: code('weaponClass', p.weapon.class),
    weaponCapacity: code('capacity', p.weapon.capacity),
    commandClass: code('commandClass', p.command.class),
    commandCapacity: code('capacity', p.command.capacity),
    moraleClass: code('moraleClass', p.morale.class),
    moraleCapacity: code('capacity', p.morale.capacity),
    movementClass: code('movementClass', p.movement.class),
    movementCapacity: code('capacity', p.movement.capacity),
    steps: u.steps,
    maxSteps: u.maxSteps,
    faculties: u.faculties.join(','),
    ammunition: code('ammunition', u.ammunition ?? ''),
    hex: u.hex,
    secondHex: u.secondHex ?? -1,
    formationMode: code('formationMode', u.formationMode ?? ''),
    facing: u.facing,
    cohesion: code('cohesion', u.cohesion),
    breath: code('breath', u.breath),
    shock: code('shock', u.shock),
    order: code('order', u.order),
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
    order: code('order', d.activated ? 'activated' : 'none'),
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
    kind: wordOf('kind', p.kind) as Unit['kind'],
    size: wordOf('size', p.size) as Unit['size'],
    type: p.type,
    profiles: {
      weapon: { class: wordOf('weaponClass', p.weaponClass) as WeaponClass, capacity: capacity(p.weaponCapacity) },
      command: { class: wordOf('commandClass', p.commandClass) as CommandClass, capacity: capacity(p.commandCapacity) },
      morale: { class: wordOf('moraleClass', p.moraleClass) as MoraleClass, capacity: capacity(p.moraleCapacity) },
      movement: { class: wordOf('movementClass', p.movementClass) as MovementClass, capacity: capacity(p.movementCapacity) },
    },
    steps: p.steps,
    maxSteps: p.maxSteps,
    faculties: p.faculties ? (p.faculties.split(',').filter((f) => f.length > 0) as Faculty[]) : [],
    hex: p.hex,
    facing: p.facing,
    cohesion: wordOf('cohesion', p.cohesion) || 'inOrder',
    breath: wordOf('breath', p.breath) || 'fresh',
    shock: wordOf('shock', p.shock) || 'none',
    order: wordOf('order', p.order) || 'none',
    stackRank: p.stackRank,
    hidden: !!p.hidden,
  };
  if (p.secondHex >= 0) unit.secondHex = p.secondHex;
  const mode = wordOf('formationMode', p.formationMode);
  if (mode) unit.formationMode = mode as NonNullable<Unit['formationMode']>;
  if (p.coverId) unit.coverId = p.coverId;
  if (p.destroyed) unit.destroyed = true;
  const ammunition = wordOf('ammunition', p.ammunition);
  if (ammunition === 'diminished' || ammunition === 'exhausted') unit.ammunition = ammunition;
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
    activated: wordOf('order', p.order) === 'activated',
    stackRank: p.stackRank,
    coverId: p.coverId,
  };
  if (p.offMapHex >= 0) decoy.offMap = { hex: p.offMapHex, dir: p.offMapDir, turn: p.offMapTurn };
  return decoy;
}

const capacity = (n: number) => wordOf('capacity', n) as Capacity;
