import type { Unit } from '@lames/rules';

/**
 * Type symbols drawn on counters and in the legend, in the spirit of NATO
 * unit symbols: a frame with the arm's sign inside (infantry ×, cavalry /,
 * artillery •…). The geometry is plain data in a frame of −1..1 × −1..1, so
 * the Pixi counter and the legend's SVG draw the same sign, and a test can
 * check that every weapon class has one and that none is shared.
 */
export type SymbolPart =
  | { kind: 'line'; pts: number[] }
  | { kind: 'circle'; x: number; y: number; r: number; fill: boolean }
  | { kind: 'arc'; x: number; y: number; r: number; from: number; to: number }
  | { kind: 'poly'; pts: number[]; fill: boolean };

export type SymbolId =
  | 'infantry' | 'spearmen' | 'lightCavalry' | 'mediumCavalry' | 'heavyCavalry' | 'skirmishers' | 'archers'
  | 'crossbowmen' | 'artillery' | 'monster' | 'dragon' | 'beast' | 'massive' | 'character' | 'unknown';

const X: SymbolPart[] = [
  { kind: 'line', pts: [-1, -1, 1, 1] },
  { kind: 'line', pts: [-1, 1, 1, -1] },
];
const SLASH: SymbolPart = { kind: 'line', pts: [-1, 1, 1, -1] };
/** A bow: an arc opening to the right with its string, and an arrow across. */
const BOW: SymbolPart[] = [
  { kind: 'arc', x: 0.55, y: 0, r: 0.95, from: Math.PI * 0.7, to: Math.PI * 1.3 },
  { kind: 'line', pts: [-0.3, -0.55, -0.3, 0.55] },
  { kind: 'line', pts: [-0.6, 0, 0.75, 0] },
  { kind: 'poly', pts: [0.75, -0.22, 1, 0, 0.75, 0.22], fill: true },
];

export const SYMBOLS: Record<SymbolId, SymbolPart[]> = {
  infantry: X,
  // infantry with a pike raised above the cross
  spearmen: [...X, { kind: 'line', pts: [0, -1, 0, 1] }],
  lightCavalry: [SLASH],
  // one extra bar per weight, so light and heavy never look alike
  mediumCavalry: [SLASH, { kind: 'line', pts: [-1, 0.2, -0.2, 1] }],
  heavyCavalry: [SLASH, { kind: 'line', pts: [-1, 0.2, -0.2, 1] }, { kind: 'line', pts: [0.2, -1, 1, -0.2] }],
  // open order: scattered dots under a light cross
  skirmishers: [
    { kind: 'circle', x: -0.55, y: 0.45, r: 0.16, fill: true },
    { kind: 'circle', x: 0, y: -0.35, r: 0.16, fill: true },
    { kind: 'circle', x: 0.55, y: 0.45, r: 0.16, fill: true },
    { kind: 'line', pts: [-0.55, 0.45, 0, -0.35, 0.55, 0.45] },
  ],
  archers: BOW,
  crossbowmen: [...BOW, { kind: 'line', pts: [-0.9, -0.55, -0.9, 0.55] }],
  artillery: [{ kind: 'circle', x: 0, y: 0, r: 0.38, fill: true }],
  // a claw: three slashes
  monster: [
    { kind: 'line', pts: [-0.7, 0.8, -0.2, -0.8] },
    { kind: 'line', pts: [-0.15, 0.8, 0.35, -0.8] },
    { kind: 'line', pts: [0.4, 0.8, 0.9, -0.8] },
  ],
  // a wing
  dragon: [{ kind: 'poly', pts: [-0.9, 0.7, 0, -0.8, 0.9, 0.7, 0.3, 0.2, 0, 0.7, -0.3, 0.2], fill: true }],
  // a paw
  beast: [
    { kind: 'circle', x: 0, y: 0.35, r: 0.38, fill: true },
    { kind: 'circle', x: -0.55, y: -0.3, r: 0.17, fill: true },
    { kind: 'circle', x: 0, y: -0.6, r: 0.17, fill: true },
    { kind: 'circle', x: 0.55, y: -0.3, r: 0.17, fill: true },
  ],
  massive: [{ kind: 'poly', pts: [-0.8, 0.8, -0.8, -0.2, 0, -0.8, 0.8, -0.2, 0.8, 0.8], fill: true }],
  // a leader's star
  character: [{ kind: 'poly', pts: star(0, 0.05, 0.95, 0.4), fill: true }],
  unknown: [{ kind: 'circle', x: 0, y: 0, r: 0.5, fill: false }],
};

function star(cx: number, cy: number, outer: number, inner: number): number[] {
  const pts: number[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  return pts;
}

/** The symbol of a unit: its weapon class, a character's star whatever it wields. */
export function symbolOf(u: Pick<Unit, 'kind' | 'profiles'>): SymbolId {
  if (u.kind === 'character') return 'character';
  const c = u.profiles.weapon.class;
  return c in SYMBOLS ? (c as SymbolId) : 'unknown';
}
