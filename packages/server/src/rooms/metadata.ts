import type { Scenario } from '@lames/rules';

/**
 * What the lobby learns of a running battle (room metadata, read back
 * through the matchmaker): who is connected right now. Everything else it
 * shows comes from the stored public summary. Never a key, an invite or a
 * hidden piece.
 */
export interface BattleMetadata {
  battleId: string;
  /** By seat (each side, and `referee` when the battle has one): its holder's connection is here. */
  connected: Record<string, boolean>;
  spectators: number;
}

export function scenarioName(id: string, scenarios: ReadonlyMap<string, Scenario>): { fr: string; en: string } | null {
  for (const s of scenarios.values()) if (s.id === id) return { fr: s.name.fr, en: s.name.en };
  return null;
}
