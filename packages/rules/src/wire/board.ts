import type { Board } from '../state/types';

/**
 * The static board on the wire (issue 9): sent once with the full state, it
 * was the board's JSON, a terrain word and an altitude per hex (7 KB of the
 * stress battle's 30×24). A map is mostly runs of one terrain at one
 * altitude, so the two per-hex lists travel run-length encoded: `clear*71,
 * rough,clear*5`. Everything else stays JSON. The server writes it (sync),
 * the client reads it back (to-view): both use these functions, so the two
 * ends cannot drift. The board is public (the scenario's map).
 */

/** A list of words or numbers as runs `value*count`, comma-separated (a run of one is the value alone). */
function runs(values: readonly (string | number)[]): string {
  const out: string[] = [];
  for (let i = 0; i < values.length;) {
    let j = i + 1;
    while (j < values.length && values[j] === values[i]) j++;
    out.push(j - i > 1 ? `${values[i]}*${j - i}` : String(values[i]));
    i = j;
  }
  return out.join(',');
}

function unrun(text: string): string[] {
  if (text === '') return [];
  return text.split(',').flatMap((run) => {
    const star = run.lastIndexOf('*');
    return star < 0 ? [run] : Array<string>(Number(run.slice(star + 1))).fill(run.slice(0, star));
  });
}

/** A value the run form keeps exactly: a word without separators, a number whose text reads back the same. */
const runnable = (values: readonly (string | number)[]) =>
  values.every((v) =>
    typeof v === 'string'
      ? v !== '' && !/[,*]/.test(v)
      : Number.isFinite(v) && Number(String(v)) === v && !Object.is(v, -0),
  );

export function encodeBoard(board: Board): string {
  const terrain = runnable(board.terrain) ? runs(board.terrain) : board.terrain;
  const altitude = runnable(board.altitude) ? runs(board.altitude) : board.altitude;
  return JSON.stringify({ ...board, terrain, altitude });
}

export function decodeBoard(text: string): Board {
  const board = JSON.parse(text) as Omit<Board, 'terrain' | 'altitude'> & {
    terrain: Board['terrain'] | string;
    altitude: Board['altitude'] | string;
  };
  return {
    ...board,
    terrain:
      typeof board.terrain === 'string'
        ? (unrun(board.terrain) as Board['terrain'])
        : board.terrain,
    altitude:
      typeof board.altitude === 'string' ? unrun(board.altitude).map(Number) : board.altitude,
  };
}
