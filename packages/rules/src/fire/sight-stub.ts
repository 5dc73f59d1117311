// TEMPORARY stand-in until packages/rules/src/sight lands (helper sight+reload): adjacent always, else blocked by a crossed hex higher than both ends (LOS-06 only). Delete when sight/ exists.
import { distance, offsetOf } from '../geometry/hex';
import { terrainTable } from '../data';
import { terrainAt } from '../terrain/board';
import type { GameState, Unit } from '../state/types';

export function unitsSeeEachOther(state: GameState, a: Pick<Unit, 'hex'>, b: Pick<Unit, 'hex'>): boolean {
  const n = distance(state.board, a.hex, b.hex);
  if (n <= 1) return true;
  const eff = (h: number) => state.board.altitude[h] + (terrainTable.terrains.find((t) => t.id === terrainAt(state.board, h))?.effectiveAltitudeBonus ?? 0);
  const top = Math.max(state.board.altitude[a.hex], state.board.altitude[b.hex]);
  const pa = offsetOf(state.board, a.hex);
  const pb = offsetOf(state.board, b.hex);
  const cube = (o: { col: number; row: number }) => ({ x: o.col, z: o.row - (o.col - (o.col & 1)) / 2 });
  const ca = cube(pa);
  const cb = cube(pb);
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const x = ca.x + (cb.x - ca.x) * t + 1e-6;
    const z = ca.z + (cb.z - ca.z) * t + 1e-6;
    const y = -x - z;
    let rx = Math.round(x), rz = Math.round(z);
    const ry = Math.round(y);
    const dx = Math.abs(rx - x), dy = Math.abs(ry - y), dz = Math.abs(rz - z);
    if (dx > dy && dx > dz) rx = -ry - rz;
    else if (dz >= dy) rz = -rx - ry;
    const col = rx;
    const row = rz + (rx - (rx & 1)) / 2;
    if (eff(row * state.board.cols + col) > top) return false;
  }
  return true;
}
