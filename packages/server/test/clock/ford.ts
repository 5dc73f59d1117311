import { parseHexLabel } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { FORD_PLACEMENT } from '@lames/rules/testing';

/** The-ford, the battle of the time control tests: its hidden deployment (§4.5.2) waits for the Black Teeth alone. */
export const FORD = scenarioById('the-ford')!;
export const [ARDENNE, GOBLINS] = FORD.sides.map((s) => s.id);

/** The Black Teeth's hidden deployment as a seat sends it. */
export const deploy = () => ({
  type: 'deploy',
  units: FORD_PLACEMENT.units.map((u) => ({ ...u, hex: parseHexLabel(FORD.map, u.hex) })),
  decoys: FORD_PLACEMENT.decoys.map((d) => ({ ...d, hex: parseHexLabel(FORD.map, d.hex) })),
});
