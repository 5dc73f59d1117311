import type { GameState, Rejection, Unit } from '@lames/rules';
import * as d from './deploy-draft';

const unit = (id: string, extra: Partial<Unit> = {}) => ({ id, name: id.toUpperCase(), side: 'blue', hex: -1, facing: 0, hidden: true, ...extra }) as Unit;
const hidden = [unit('scouts'), unit('archers'), unit('knights')];
const ctx: d.DeployContext = { zone: [10, 11, 12, 20], units: hidden, maxDecoys: 3, defaultFacing: 2 };
const refusal = (code: string): Rejection => ({ code, section: '§4.5.2', message: { fr: code, en: code } }) as Rejection;

describe('the deployment draft (§4.5.2, sheet 000 Unités Cachées)', () => {
  it('§4.5.2 a selected hidden unit goes to a hex of its zone, facing the usual way until turned', () => {
    let draft = d.select(d.newDraft('blue'), { kind: 'unit', id: 'scouts' });
    draft = d.clickHex(draft, 11, ctx);
    expect(draft.units.scouts).toEqual({ hex: 11, facing: 2 });
    draft = d.face(draft, 5);
    expect(draft.units.scouts).toEqual({ hex: 11, facing: 5 });
  });

  it('§4.5.2 a hex outside the zone places nothing', () => {
    const draft = d.select(d.newDraft('blue'), { kind: 'unit', id: 'scouts' });
    expect(d.clickHex(draft, 99, ctx)).toBe(draft);
  });

  it('§4.5.2 a placed unit moves to another hex of the zone and keeps its facing', () => {
    let draft = d.clickHex(d.select(d.newDraft('blue'), { kind: 'unit', id: 'archers' }), 10, ctx);
    draft = d.face(draft, 7);
    draft = d.clickHex(draft, 20, ctx);
    expect(draft.units.archers).toEqual({ hex: 20, facing: 7 });
  });

  it('with nothing selected, a click on a placed piece selects it; selecting it again lets it go', () => {
    let draft = d.clickHex(d.select(d.newDraft('blue'), { kind: 'unit', id: 'knights' }), 12, ctx);
    draft = d.select(draft, { kind: 'unit', id: 'knights' });
    expect(draft.selected).toBeNull();
    draft = d.clickHex(draft, 12, ctx);
    expect(draft.selected).toEqual({ kind: 'unit', id: 'knights' });
  });

  it('a unit taken back off the map is to be placed again', () => {
    let draft = d.clickHex(d.select(d.newDraft('blue'), { kind: 'unit', id: 'scouts' }), 10, ctx);
    draft = d.unplace(draft, 'scouts');
    expect(draft.units.scouts).toBeUndefined();
  });

  it('§4.5.1 a decoy imitates a hidden unit no other decoy imitates, and is placed like a unit', () => {
    let draft = d.addDecoy(d.newDraft('blue'), 'scouts', ctx);
    expect(draft.selected).toEqual({ kind: 'decoy', index: 0 });
    draft = d.clickHex(draft, 12, ctx);
    expect(draft.decoys).toEqual([{ mimic: 'scouts', hex: 12, facing: 2 }]);
    expect(d.addDecoy(draft, 'scouts', ctx)).toBe(draft);
    expect(d.freeMimics(draft, ctx).map((u) => u.id)).toEqual(['archers', 'knights']);
  });

  it('§4.5.1 no more decoys than the rules allow', () => {
    const one = { ...ctx, maxDecoys: 1 };
    const draft = d.addDecoy(d.newDraft('blue'), 'scouts', one);
    expect(d.addDecoy(draft, 'archers', one)).toBe(draft);
  });

  it('§4.5.1 a decoy’s mimic changes only to a unit no other decoy imitates', () => {
    let draft = d.addDecoy(d.addDecoy(d.newDraft('blue'), 'scouts', ctx), 'archers', ctx);
    expect(d.setMimic(draft, 0, 'archers', ctx)).toBe(draft);
    draft = d.setMimic(draft, 0, 'knights', ctx);
    expect(draft.decoys.map((x) => x.mimic)).toEqual(['knights', 'archers']);
  });

  it('removing a decoy keeps the selection on the same piece', () => {
    let draft = d.addDecoy(d.addDecoy(d.newDraft('blue'), 'scouts', ctx), 'archers', ctx);
    expect(draft.selected).toEqual({ kind: 'decoy', index: 1 });
    draft = d.removeDecoy(draft, 0);
    expect(draft.decoys.map((x) => x.mimic)).toEqual(['archers']);
    expect(draft.selected).toEqual({ kind: 'decoy', index: 0 });
    expect(d.removeDecoy(draft, 0).selected).toBeNull();
  });

  it('§4.5.2 every hidden unit must be placed, and every decoy placed or removed, before anything is sent', () => {
    let draft = d.clickHex(d.select(d.newDraft('blue'), { kind: 'unit', id: 'scouts' }), 10, ctx);
    draft = d.addDecoy(draft, 'archers', ctx);
    const never = jest.fn(() => null);
    expect(d.draftProblems(draft, ctx, never)).toEqual([
      { kind: 'unplaced', units: ['archers', 'knights'] },
      { kind: 'decoyUnplaced', count: 1 },
    ]);
    expect(never).not.toHaveBeenCalled();
  });

  it('§4.5.2 the rules’ refusal of a complete placement is shown before sending, with the placement it judged', () => {
    let draft = d.newDraft('blue');
    for (const [id, hex] of [['scouts', 10], ['archers', 11], ['knights', 12]] as const) draft = d.clickHex(d.select(draft, { kind: 'unit', id }), hex, ctx);
    draft = d.clickHex(d.addDecoy(draft, 'knights', ctx), 20, ctx);
    const judge = jest.fn((_p: d.Placement) => refusal('deployStacking'));
    expect(d.draftProblems(draft, ctx, judge)).toEqual([{ kind: 'refused', rejection: refusal('deployStacking') }]);
    expect(judge).toHaveBeenCalledWith({
      units: [
        { unit: 'scouts', hex: 10, facing: 2 },
        { unit: 'archers', hex: 11, facing: 2 },
        { unit: 'knights', hex: 12, facing: 2 },
      ],
      decoys: [{ mimic: 'knights', hex: 20, facing: 2 }],
    });
    expect(d.draftProblems(draft, ctx, () => null)).toEqual([]);
  });

  it('§4.5.2 a sent placement is opened again to be changed', () => {
    const sent: d.Placement = { units: [{ unit: 'scouts', hex: 10, facing: 4 }], decoys: [{ mimic: 'scouts', hex: 11, facing: 4 }] };
    const draft = d.newDraft('blue', sent);
    expect(d.placementOf(draft)).toEqual(sent);
    expect(draft.selected).toBeNull();
  });

  it('the preview draws the draft’s units in place and its decoys as decoys, the view itself untouched', () => {
    const view = { units: [...hidden, unit('guard', { hex: 30, facing: 4, hidden: false })], decoys: [] } as unknown as GameState;
    let draft = d.clickHex(d.select(d.newDraft('blue'), { kind: 'unit', id: 'scouts' }), 10, ctx);
    draft = d.clickHex(d.addDecoy(draft, 'archers', ctx), 11, ctx);
    const preview = d.previewView(view, draft);
    expect(preview.units.find((u) => u.id === 'scouts')).toMatchObject({ hex: 10, facing: 2 });
    expect(preview.decoys).toEqual([expect.objectContaining({ id: d.previewDecoyId(0), side: 'blue', hex: 11, mimic: 'archers' })]);
    expect(view.units.find((u) => u.id === 'scouts')!.hex).toBe(-1);
    expect(d.usualFacing(view, 'blue')).toBe(4);
  });
});
