import { z } from 'zod';

/** What a client may ask, validated before the rules see it. */
const pieceId = z.string().min(1).max(64);

export const moveStepSchema = z.union([
  z.object({ to: z.number().int().min(0).max(100_000) }).strict(),
  z.object({ face: z.number().int().min(0).max(11) }).strict(),
]);

export const activateSchema = z.object({ type: z.literal('activate'), piece: pieceId }).strict();
export const moveSchema = z
  .object({
    type: z.literal('move'),
    piece: pieceId,
    mode: z.enum(['normal', 'extra', 'minimal']).default('normal'),
    steps: z.array(moveStepSchema).min(1).max(128),
  })
  .strict();
export const passSchema = z.object({ type: z.literal('pass'), piece: pieceId }).strict();
export const endTurnSchema = z.object({ type: z.literal('endTurn') }).strict();

export const actionSchema = z.discriminatedUnion('type', [activateSchema, moveSchema, passSchema, endTurnSchema]);

export type Action = z.infer<typeof actionSchema>;
export type ActionInput = z.input<typeof actionSchema>;
export type ActionType = Action['type'];
export type MoveAction = z.infer<typeof moveSchema>;
