/** Colours of the map and counters. */
export const TERRAIN_COLOURS: Record<string, number> = {
  clear: 0xd9dcae,
  rough: 0xc4ad7c,
  difficult: 0x6e8f52,
  water: 0x76a9cf,
  lava: 0xc8552e,
  fortification: 0xa39a90,
  impassable: 0x5a524c,
};

export const HEXSIDE_STYLES: Record<string, { color: number; width: number; alpha?: number }> = {
  road: { color: 0x8a6a43, width: 7 },
  rough: { color: 0x7a5a2a, width: 5 },
  impassable: { color: 0x2b2522, width: 7 },
  water: { color: 0x2f6fb0, width: 7 },
  fortification: { color: 0x57514b, width: 8 },
  fortificationEntrance: { color: 0x57514b, width: 8 },
};

const SIDE_COLOURS = [0x2d5b9a, 0x8c2a22, 0x3f7a3a, 0x6c3f8c, 0xa0701a];

export function sideColour(sides: readonly { id: string }[], side: string): number {
  const i = sides.findIndex((s) => s.id === side);
  return SIDE_COLOURS[(i < 0 ? 0 : i) % SIDE_COLOURS.length];
}

export function sideCss(sides: readonly { id: string }[], side: string): string {
  return `#${sideColour(sides, side).toString(16).padStart(6, '0')}`;
}

/** Mixes two 0xRRGGBB colours: t = 0 gives a, 1 gives b. */
export function mix(a: number, b: number, t: number): number {
  const ch = (c: number, s: number) => (c >> s) & 0xff;
  const m = (s: number) => Math.round(ch(a, s) * (1 - t) + ch(b, s) * t) << s;
  return m(16) | m(8) | m(0);
}
