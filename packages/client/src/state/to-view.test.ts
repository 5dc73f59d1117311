import { apply, legalActions, reachable, viewFor, GameState } from '@lames/rules';
import { fordGame, FORD_DECOY } from '@lames/rules/testing';
import { encodeView } from './encode';
import { parseBoard, toView } from './to-view';

const game = () => fordGame('x');

/** What `.toJSON()` of the synced state looks like for a seat. */
function decodedFor(state: GameState, seat: string) {
  return JSON.parse(JSON.stringify(encodeView(viewFor(state, seat), 'Test')));
}

describe('toView', () => {
  it('rebuilds the rules view of a side', () => {
    const state = game();
    const expected = viewFor(state, 'ardenne');
    const view = toView(decodedFor(state, 'ardenne'), 'ardenne');
    expect(view.perspective).toBe('ardenne');
    expect(view.units.map((u) => u.id).sort()).toEqual(expected.units.map((u) => u.id).sort());
    expect(view.covers).toEqual(expected.covers);
    expect(view.board).toEqual(expected.board);
    expect(view.activeSide).toBe('ardenne');
    const knights = view.units.find((u) => u.id === 'h-knights')!;
    expect(knights).toEqual(expected.units.find((u) => u.id === 'h-knights'));
    expect(view.units.some((u) => u.id === 'o-ambush')).toBe(false);
  });

  it("keeps the seat's own hidden units and decoys", () => {
    const state = game();
    const view = toView(decodedFor(state, 'black-teeth'), 'black-teeth');
    const ambush = view.units.find((u) => u.id === 'o-ambush')!;
    expect(ambush.hidden).toBe(true);
    expect(ambush.coverId).toBeTruthy();
    expect(view.decoys.map((d) => d.id)).toEqual([FORD_DECOY]);
    expect(view.decoys[0].coverId).toBeTruthy();
  });

  it('gives the referee everything', () => {
    const view = toView(decodedFor(game(), 'referee'), 'referee');
    expect(view.units.some((u) => u.id === 'o-ambush')).toBe(true);
    expect(view.decoys).toHaveLength(1);
  });

  it('parses the board once per string', () => {
    const d = decodedFor(game(), 'ardenne');
    expect(toView(d, 'ardenne').board).toBe(toView({ ...d }, 'ardenne').board);
    expect(parseBoard(d.board)).toBe(toView(d, 'ardenne').board);
  });

  it('lets legalActions and reachable work on the view (the-ford)', () => {
    const state = game();
    const view = toView(decodedFor(state, 'ardenne'), 'ardenne');
    const legal = legalActions(view, 'ardenne', 'h-knights');
    expect(legal.find((a) => a.type === 'activate')?.allowed).toBe(true);
    const refused = legalActions(view, 'ardenne', 'o-wargs-1').find((a) => a.type === 'activate')!;
    expect(refused.allowed).toBe(false);
    expect(refused.rejection?.message.fr).toBeTruthy();

    const activated = apply(state, 'ardenne', { type: 'activate', piece: 'h-knights' });
    if (!('state' in activated)) throw new Error('activation refused');
    const after = toView(decodedFor(activated.state, 'ardenne'), 'ardenne');
    expect(after.activation).toEqual({ piece: 'h-knights' });
    const move = legalActions(after, 'ardenne', 'h-knights').find((a) => a.type === 'move')!;
    expect(move.allowed).toBe(true);
    expect(move.modes).toContain('normal');
    const fromView = reachable(after, 'ardenne', 'h-knights', 'normal');
    const fromState = reachable(activated.state, 'ardenne', 'h-knights', 'normal');
    expect(fromView.length).toBeGreaterThan(0);
    expect(fromView.map((a) => `${a.hex}:${a.facing}:${a.cost}`).sort()).toEqual(
      fromState.map((a) => `${a.hex}:${a.facing}:${a.cost}`).sort(),
    );
  });

  it('shows an enemy activation under a cover as the cover', () => {
    const state = game();
    const d = decodedFor(state, 'ardenne');
    const cover = Object.values(d.covers as Record<string, { id: string; activating: boolean }>)[0];
    cover.activating = true;
    expect(toView(d, 'ardenne').activation).toEqual({ piece: cover.id, covered: true });
  });

  it('reads the chapter-2 wing and activation fields when the server sends them, and defaults them otherwise', () => {
    const state = game();
    const decoded = decodedFor(state, 'ardenne');
    expect(toView(decoded, 'ardenne').wings.every((w) => w.shakenMarkers === 0)).toBe(true);
    decoded.wings[0].shakenMarkers = 2;
    const knights = Object.values(
      decoded.pieces as Record<string, { id: string; activating?: boolean }>,
    ).find((p) => p.id === 'h-knights')!;
    knights.activating = true;
    decoded.commandPoints = 3;
    const view = toView(decoded, 'ardenne');
    expect(view.wings[0].shakenMarkers).toBe(2);
    expect(view.activation).toEqual({ piece: 'h-knights', commandPoints: 3 });
  });
});
