import { z } from 'zod';
import { FORMATION_MODES } from '../data/schemas';

/** What a client may ask, validated before the rules see it. */
const pieceId = z.string().min(1).max(64);

export const moveStepSchema = z.union([
  z.object({ to: z.number().int().min(0).max(100_000) }).strict(),
  z.object({ face: z.number().int().min(0).max(11) }).strict(),
  /** Off the map across this edge hexside (§2.6.10). */
  z.object({ exit: z.number().int().min(0).max(5) }).strict(),
]);

/** A move action's step: a one-hex unit's, or a formation's shift (both hexes across a hexside) or pivot (§3.3.7). */
export const bodyStepSchema = z.union([
  ...moveStepSchema.options,
  z.object({ shift: z.number().int().min(0).max(5) }).strict(),
  z.object({ pivot: z.number().int().min(0).max(100_000), onto: z.number().int().min(0).max(100_000) }).strict(),
]);

export const activateSchema = z.object({ type: z.literal('activate'), piece: pieceId }).strict();
export const moveSchema = z
  .object({
    type: z.literal('move'),
    piece: pieceId,
    mode: z.enum(['normal', 'extra', 'minimal']).default('normal'),
    steps: z.array(bodyStepSchema).min(1).max(128),
    /** The marker chosen when the move ends (§2.6.8–2.6.9). */
    shock: z.enum(['contact', 'charge']).optional(),
  })
  .strict();
export const passSchema = z.object({ type: z.literal('pass'), piece: pieceId }).strict();
export const endTurnSchema = z.object({ type: z.literal('endTurn') }).strict();
/** `step`: a formation faces by a forward pivot (§3.3.7, FORM-54), `facing` then being the one the pivot gives. */
export const faceSchema = z.object({ type: z.literal('face'), piece: pieceId, facing: z.number().int().min(0).max(11), step: z.object({ pivot: z.number().int().min(0).max(100_000), onto: z.number().int().min(0).max(100_000) }).strict().optional() }).strict();
export const restSchema = z.object({ type: z.literal('rest'), piece: pieceId }).strict();
export const reorganiseSchema = z.object({ type: z.literal('reorganise'), piece: pieceId }).strict();
export const rallySchema = z.object({ type: z.literal('rally'), piece: pieceId }).strict();

/** `breath`: the unit's breath attack (§3.1, Souffle), an option of the shock action. `from`: a formation's attacking hex (§3.3.8); absent, the first of its hexes left that may. */
export const shockSchema = z.object({ type: z.literal('shock'), piece: pieceId, target: pieceId, supported: z.boolean(), breath: z.boolean().optional(), from: z.number().int().min(0).max(100_000).optional() }).strict();
export const duelSchema = z.object({ type: z.literal('duel'), piece: pieceId, target: pieceId, supported: z.boolean() }).strict();
/** Fire (§3.2.7): one target per shot, in order; `combine` puts all the unit's shots on its one target (§3.2.3); `from`: a formation's firing hex (§3.3.8). */
export const fireSchema = z.object({ type: z.literal('fire'), piece: pieceId, targets: z.array(pieceId).min(1).max(3), combine: z.boolean(), from: z.number().int().min(0).max(100_000).optional() }).strict();
export const fireDuelSchema = z.object({ type: z.literal('fireDuel'), piece: pieceId, target: pieceId }).strict();
export const reloadSchema = z.object({ type: z.literal('reload'), piece: pieceId }).strict();

const hexIndexSchema = z.number().int().min(0).max(100_000);
const edgeSchema = z.number().int().min(0).max(5);
/** `step`: a formation withdraws by one move back, a shift or a pivot (§3.3.7, A-70), where a one-hex unit names its hex. */
export const withdrawSchema = z
  .object({
    type: z.literal('withdraw'),
    piece: pieceId,
    to: hexIndexSchema.optional(),
    exit: edgeSchema.optional(),
    step: z.union([z.object({ shift: edgeSchema }).strict(), z.object({ pivot: hexIndexSchema, onto: hexIndexSchema }).strict()]).optional(),
    /** A shaken formation its disengagement test would break: which of its new hexes takes the extra step (§3.3.1.3, A-42). */
    heavier: hexIndexSchema.optional(),
  })
  .strict();
export const fleeStepSchema = z.union([moveStepSchema, z.object({ exit: edgeSchema }).strict()]);
export const fleeSchema = z.object({ type: z.literal('flee'), piece: pieceId, steps: z.array(fleeStepSchema).min(1).max(128), threat: pieceId.optional() }).strict();
export const returnToMapSchema = z.object({ type: z.literal('returnToMap'), piece: pieceId, to: hexIndexSchema }).strict();

/** The hidden deployment (§4.5.2): a side's placement; the referee names the side he deploys for. */
const placedSchema = { hex: hexIndexSchema, facing: z.number().int().min(0).max(11) };
export const deploySchema = z
  .object({
    type: z.literal('deploy'),
    side: pieceId.optional(),
    units: z.array(z.object({ unit: pieceId, ...placedSchema }).strict()).max(64),
    decoys: z.array(z.object({ mimic: pieceId, ...placedSchema }).strict()).max(64),
  })
  .strict();

// Command (§2.5)
export const distributeOrdersSchema = z.object({ type: z.literal('distributeOrders'), piece: pieceId }).strict();
export const giveOrderSchema = z.object({ type: z.literal('giveOrder'), piece: pieceId, target: pieceId, points: z.number().int().min(1).max(100).optional() }).strict();
export const changeDirectiveSchema = z.object({ type: z.literal('changeDirective'), piece: pieceId, directive: z.enum(['attack', 'defend', 'regroup', 'retreat']) }).strict();
export const takeCommandSchema = z.object({ type: z.literal('takeCommand'), piece: pieceId, wing: pieceId }).strict();
export const resignSchema = z.object({ type: z.literal('resign'), piece: pieceId }).strict();
/** The defender's choice of how to absorb a combat's losses (§2.7.4–2.7.5). */
export const absorbLossesSchema = z.object({ type: z.literal('absorbLosses'), steps: z.array(pieceId).max(16), recoil: hexIndexSchema.optional(), recoilSecond: hexIndexSchema.optional(), exit: edgeSchema.optional(), stayer: pieceId.optional(), heavier: hexIndexSchema.optional() }).strict();
// Formations (§3.3.9–3.3.14, sheet 001)
export const fuseSchema = z.object({ type: z.literal('fuse'), piece: pieceId, with: pieceId }).strict();
export const constituteSchema = z.object({ type: z.literal('constitute'), piece: pieceId, with: pieceId }).strict();
export const joinFormationSchema = z.object({ type: z.literal('joinFormation'), piece: pieceId }).strict();
/** `hexes`: the formation's hexes a complete troop leaves from, one or two (§3.3.13). */
export const leaveFormationSchema = z.object({ type: z.literal('leaveFormation'), piece: pieceId, hexes: z.array(hexIndexSchema).min(1).max(2) }).strict();
/** `heavier`: which of its hexes takes the extra step of an odd formation (the owner's choice, A-42). */
export const breakFormationSchema = z.object({ type: z.literal('breakFormation'), piece: pieceId, heavier: hexIndexSchema.optional() }).strict();
export const changeModeSchema = z.object({ type: z.literal('changeMode'), piece: pieceId, mode: z.enum(FORMATION_MODES) }).strict();
export const wingMoraleSchema = z.object({ type: z.literal('wingMorale'), wing: pieceId }).strict();

export const actionSchema = z.discriminatedUnion('type', [deploySchema, absorbLossesSchema, distributeOrdersSchema, giveOrderSchema, changeDirectiveSchema, takeCommandSchema, resignSchema, wingMoraleSchema, withdrawSchema, fleeSchema, returnToMapSchema, shockSchema, duelSchema, fireSchema, fireDuelSchema, reloadSchema, activateSchema, moveSchema, passSchema, endTurnSchema, faceSchema, restSchema, reorganiseSchema, rallySchema, fuseSchema, constituteSchema, joinFormationSchema, leaveFormationSchema, breakFormationSchema, changeModeSchema]);

export type Action = z.infer<typeof actionSchema>;
export type ActionInput = z.input<typeof actionSchema>;
export type ActionType = Action['type'];
export type MoveAction = z.infer<typeof moveSchema>;
export type DeployAction = z.infer<typeof deploySchema>;
