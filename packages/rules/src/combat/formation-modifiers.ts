import { mod, Modifier } from '../tests/roll';
import { modeEffects } from '../units/formation';
import { isFire, Part } from './advantage-part';

/**
 * A formation's mode in the advantage (§3.3.6, l.2268, l.2272, data
 * formations.json): shield wall +1, tortoise +2, in shock and in fire, in the
 * formation's favour whether it attacks or defends (A-18b) — added when it
 * attacks or shoots, taken off when it is attacked or shot at. Breath keeps
 * its fixed advantage (§3.1) and never asks it.
 */
const S = '§3.3.6';

const formationMode: Part = (_s, a, d, spec) => {
  const fire = isFire(spec.kind);
  const bonus = (u: typeof a) => (fire ? modeEffects(u).fire : modeEffects(u).shock);
  const out: Modifier[] = [];
  const mine = modeEffects(a).name;
  const theirs = modeEffects(d).name;
  if (bonus(a))
    out.push(
      mod(
        bonus(a),
        `${fire ? 'Formation qui tire' : 'Formation qui attaque'} en ${mine.fr}`,
        `${fire ? 'Shooting' : 'Attacking'} formation in ${mine.en}`,
        S,
      ),
    );
  if (bonus(d))
    out.push(
      mod(
        -bonus(d),
        `${fire ? 'Formation ciblée' : 'Formation attaquée'} en ${theirs.fr}`,
        `${fire ? 'Targeted' : 'Attacked'} formation in ${theirs.en}`,
        S,
      ),
    );
  return out;
};

export const FORMATION_PARTS: Part[] = [formationMode];
