/**
 * The stacks pieces stand in, for numbering their places (0 = front). A
 * formation stands in the stacks of both its hexes (§3.3): its two hexes
 * make one group, so that its place keeps its order against the pieces in
 * its second hex too (a troop behind it there may join it, §3.3.11). One
 * model for the seats' views (fog/view.ts) and the server's sync.
 */
export function stackGroups(pieces: readonly { hex: number; secondHex?: number }[]): number[][] {
  const root = new Map<number, number>();
  const find = (hex: number): number => {
    let r = hex;
    for (let next = root.get(r); next !== undefined && next !== r; next = root.get(r)) r = next;
    return r;
  };
  for (const p of pieces) {
    if (p.secondHex === undefined || p.hex < 0) continue;
    const [a, b] = [find(p.hex), find(p.secondHex)];
    if (a !== b) root.set(b, a);
  }
  const groups = new Map<number, number[]>();
  pieces.forEach((p, i) => {
    const key = find(p.hex);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  return [...groups.values()];
}

/** Each group's indexes in rank order: the places to number 0, 1, 2… */
export function stacksByRank(pieces: readonly { hex: number; secondHex?: number; rank: number }[]): number[][] {
  return stackGroups(pieces).map((g) => g.sort((a, b) => pieces[a].rank - pieces[b].rank));
}
