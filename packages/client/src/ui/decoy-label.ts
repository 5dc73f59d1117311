import type { GameState } from '@lames/rules';
import { t } from '../i18n';

/** "Leurre (Archers orques)": how a decoy's owner names it, by the unit it imitates. */
export function decoyLabel(view: GameState, mimic: string): string {
  const word = t('unit.decoy');
  return `${word.charAt(0).toUpperCase()}${word.slice(1)} (${view.units.find((u) => u.id === mimic)?.name ?? mimic})`;
}
