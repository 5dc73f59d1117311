import { distance, isHarasser, viewFor, type Seat } from '../src';
import { enterableOnce, harassmentOpen } from '../src/fire/harassment';
import { openTarget } from '../src/fire/targets';
import { stressGame } from '../src/testing';
import { recordedPositions } from './recorded-positions';

/**
 * Harassment (§3.2.4.1, A-15): the shot is open when the harasser could
 * enter a hex between it and its target — in its front zone, terrain and
 * hexside open, no enemy, stacking respected. The attack directive's preview
 * asks it for the twelve facings of every position of a harasser's arrivals
 * and remembers, per pair of hexes, all but the front zone
 * (`enterableOnce`, issue 9). One memory shared by every position and
 * facing of a harasser gives the answer worked out afresh, on positions
 * where some hexes between are open and some are not.
 */
const cases = [...recordedPositions('harassment-memory', { every: 30, stressLimit: 60 }), ['stress battle (bench)', stressGame('bench')] as const];

test.each(cases)('§3.2.4.1 %s: the remembered hexes between answer as the rule', (_id, state) => {
  const seen = new Set<boolean>();
  for (const side of state.sides.map((s) => s.id)) {
    const view = viewFor(state, side as Seat);
    for (const a of view.units.filter((u) => u.side === side && u.hex >= 0 && isHarasser(u))) {
      const memory = enterableOnce();
      const targets = view.units.filter((t) => openTarget(a, t));
      for (let hex = 0; hex < view.board.cols * view.board.rows; hex++) {
        if (distance(view.board, a.hex, hex) > 3) continue;
        for (const t of targets.filter((e) => distance(view.board, e.hex, hex) === 2))
          for (let facing = 0; facing < 12; facing++) {
            const placed = { ...a, hex, facing: facing as typeof a.facing };
            const open = harassmentOpen(view, placed, t.hex);
            expect([a.id, hex, facing, t.id, harassmentOpen(view, placed, t.hex, memory)]).toEqual([a.id, hex, facing, t.id, open]);
            seen.add(open);
          }
      }
    }
  }
  // Where harassers stand near enemies, both answers occur: a memory that mixed up its hexes would be caught.
  if (seen.size > 0 && _id.startsWith('stress')) expect([...seen].sort()).toEqual([false, true]);
});
