/**
 * Issue 7: nothing a seat may not see reaches it, in any form. Scans what an
 * opponent with their own client can read for the secrets of every shipped
 * scenario: the id, name and type of every unit that deploys hidden
 * (§4.5.2), the decoys' ids, and where each side placed its pieces.
 *   - every file of the built client (packages/client/dist, built here when
 *     missing or older than its sources; the test command builds it first);
 *   - every HTTP route: /api/scenarios, /api/battles, /api/battles/lookup,
 *     each player's /api/battles/:id/replay (issue 12),
 *     index.html and every asset, as the server serves them;
 *   - every byte sent to the other seats and to spectators, during the
 *     deployment and after it, with the owner and the referee as controls.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import {
  createGame,
  deploymentRefusal,
  distance,
  type DeploymentPlacement,
  type GameState,
  type Scenario,
} from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import {
  framesText,
  leaveAll,
  seatEveryone,
  settle,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from './helpers';

const REPO = path.resolve(__dirname, '..', '..', '..');
const CLIENT = path.join(REPO, 'packages', 'client');
const DIST = path.join(CLIENT, 'dist');

const hiddenUnits = (s: Scenario) => s.units.filter((u) => u.deployHidden);
const openTypes = (s: Scenario) =>
  new Set(s.units.filter((u) => !u.deployHidden).map((u) => u.type));
const DEPLOYING = SCENARIOS.filter((s) => hiddenUnits(s).length > 0);

/** The names of a unit, in every language the file gives. */
function namesOf(name: unknown): string[] {
  return typeof name === 'string' ? [name] : Object.values(name as Record<string, string>);
}

/**
 * A scenario's secrets as strings: ids and names of its hidden units, their
 * types where no open unit of the scenario has that type (an open unit's
 * type is public), and the ids its decoys will get.
 */
function secretsOf(s: Scenario): string[] {
  const open = openTypes(s);
  const sides = [...new Set(hiddenUnits(s).map((u) => u.side))];
  return [
    ...hiddenUnits(s).flatMap((u) => [
      u.id,
      ...namesOf(u.name),
      ...(open.has(u.type) ? [] : [u.type]),
    ]),
    ...sides.map((side) => `${side}-decoy-`),
  ];
}

/** Secrets of every shipped scenario that no shipped scenario makes public (a type open in one is public everywhere). */
function catalogueSecrets(): string[] {
  const everyOpenType = new Set(SCENARIOS.flatMap((s) => [...openTypes(s)]));
  return [...new Set(SCENARIOS.flatMap(secretsOf))].filter((secret) => !everyOpenType.has(secret));
}

/** Which of `secrets` occur in `text` (empty: none leaked). */
function leaks(text: string, secrets: string[]): string[] {
  return secrets.filter((secret) => text.includes(secret));
}

// --- the built client -----------------------------------------------------------

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

function newestSource(): number {
  const roots = [
    path.join(CLIENT, 'src'),
    path.join(REPO, 'packages', 'rules', 'src'),
    path.join(CLIENT, 'index.html'),
    path.join(CLIENT, 'vite.config.mjs'),
  ];
  return Math.max(
    ...roots
      .filter(existsSync)
      .flatMap((r) => (statSync(r).isDirectory() ? filesUnder(r) : [r]))
      .map((f) => statSync(f).mtimeMs),
  );
}

/** The production build the server ships: built now unless a build at least as new as every source exists. */
function ensureClientBuild(): void {
  const index = path.join(DIST, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource()) return;
  const env = { ...process.env };
  delete env.LAMES_CLIENT_SOURCEMAP;
  execFileSync('npm', ['run', 'build', '-w', '@lames/client'], { cwd: REPO, env, stdio: 'pipe' });
}

describe('issue 7: the built client holds no secret', () => {
  beforeAll(() => ensureClientBuild(), 120_000);

  test('the shipped scenarios deploy units hidden (otherwise this scan proves nothing)', () => {
    expect(DEPLOYING.map((s) => s.id)).toEqual(
      expect.arrayContaining(['the-ford', 'the-wood-edge']),
    );
    expect(catalogueSecrets()).toEqual(
      expect.arrayContaining(['o-ambush', 'Embuscade gobeline', 'black-teeth-decoy-']),
    );
  });

  test('no source map is built, and no file names a hidden unit, its name or type', () => {
    const files = filesUnder(DIST);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const secrets = catalogueSecrets();
    for (const file of files)
      expect({
        file: path.relative(DIST, file),
        leaked: leaks(readFileSync(file, 'latin1'), secrets),
      }).toEqual({ file: path.relative(DIST, file), leaked: [] });
  });
});

// --- placements -------------------------------------------------------------------

/**
 * A legal placement for `side` (§4.5.2), found by trying its zone's empty
 * hexes farthest from the enemy first (so that nothing is revealed when the
 * deployment ends): each hidden unit, then one decoy imitating each, on
 * distinct hexes, all with one facing.
 */
function autoPlacement(game: GameState, side: string): DeploymentPlacement {
  const units = game.units.filter((u) => u.side === side && u.hidden && u.hex < 0);
  const taken = new Set(game.units.map((u) => u.hex));
  const enemies = game.units.filter((u) => u.side !== side && u.hex >= 0).map((u) => u.hex);
  const away = (h: number) => Math.min(...enemies.map((e) => distance(game.board, h, e)));
  const free = game
    .deployment!.sides[side]!.zone.filter((h) => !taken.has(h))
    .sort((a, b) => away(b) - away(a) || a - b);
  const n = units.length;
  for (let offset = 0; offset + 2 * n <= free.length; offset++) {
    for (let facing = 0; facing < 12; facing++) {
      const placement: DeploymentPlacement = {
        units: units.map((u, i) => ({ unit: u.id, hex: free[offset + i]!, facing })),
        decoys: units.map((u, i) => ({ mimic: u.id, hex: free[offset + n + i]!, facing })),
      };
      if (!deploymentRefusal(game, side, placement)) return placement;
    }
  }
  throw new Error(`no placement found for ${side}`);
}

const hiddenSides = (s: Scenario) => [...new Set(hiddenUnits(s).map((u) => u.side))];

/** Sends an action and waits until every connection has its events (or the actor a refusal). */
async function act(
  actor: Seated,
  action: Record<string, unknown>,
  everyone: Seated[],
): Promise<void> {
  const counts = everyone.map((s) => s.inbox.events.length);
  actor.room.send('action', action);
  await waitFor(
    () =>
      actor.inbox.rejected.length > 0 ||
      everyone.every((s, i) => s.inbox.events.length > counts[i]!),
    `events of ${action.type}`,
  );
  expect(actor.inbox.rejected).toEqual([]);
}

/** Text a seat received: raw frames and what it decoded (state and messages), so no encoding hides a leak. */
function received(s: Seated): string {
  return framesText(s.frames()) + JSON.stringify(s.room.state.toJSON()) + JSON.stringify(s.inbox);
}

// --- HTTP and messages --------------------------------------------------------------

describe('issue 7: no route and no message gives a seat another side’s secrets', () => {
  let server: TestServer;
  beforeAll(async () => {
    ensureClientBuild();
    server = await startTestServer({}, { clientDir: DIST });
  }, 120_000);
  afterAll(() => server.close());

  async function get(p: string, init: RequestInit = {}): Promise<string> {
    const res = await fetch(`${server.url}${p}`, init);
    expect([p, res.status]).toEqual([p, 200]);
    return res.text();
  }

  describe.each(DEPLOYING.map((s) => [s.id, s] as const))('%s', (_id, scenario) => {
    const secrets = secretsOf(scenario);
    let battleId: string;
    let seats: Record<string, Seated>;
    let keys: Record<string, string>;
    beforeAll(async () => {
      ({ battleId, seats, keys } = await seatEveryone(server, {
        scenarioId: scenario.id,
        seat: scenario.sides[0]!.id,
        referee: true,
      }));
    });
    afterAll(() => leaveAll(...Object.values(seats)));

    /** What each side deploys: the same placements the room will accept. */
    const placements = () => {
      const game = createGame(scenario, 'placement');
      return Object.fromEntries(
        hiddenSides(scenario).map((side) => [side, autoPlacement(game, side)]),
      );
    };

    const ownSecrets = (side: string) => {
      const open = openTypes(scenario);
      return [
        ...new Set(
          hiddenUnits(scenario)
            .filter((u) => u.side === side)
            .flatMap((u) => [u.id, ...namesOf(u.name), ...(open.has(u.type) ? [] : [u.type])]),
        ),
      ];
    };
    const othersOf = (side: string) =>
      Object.keys(seats).filter((seat) => seat !== side && seat !== 'referee');

    test('§4.5.2 during the deployment: each side and the referee get its units, nobody else; the HTTP routes give none', async () => {
      await settle();
      for (const side of hiddenSides(scenario)) {
        for (const seat of othersOf(side))
          expect({ seat, side, leaked: leaks(received(seats[seat]!), ownSecrets(side)) }).toEqual({
            seat,
            side,
            leaked: [],
          });
        // Controls: the scan finds them where they belong.
        expect(leaks(received(seats[side]!), ownSecrets(side))).toEqual(ownSecrets(side));
        expect(leaks(received(seats.referee!), ownSecrets(side))).toEqual(ownSecrets(side));
      }
      const routes = [
        await get('/api/scenarios'),
        await get('/api/battles'),
        await get('/api/battles/lookup', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ids: [battleId] }),
        }),
      ];
      expect(routes[1]).toContain(battleId);
      for (const text of routes) expect(leaks(text, secrets)).toEqual([]);
    });

    test('§4.5.2 a side’s placement reaches only itself and the referee while the others have not deployed', async () => {
      const all = Object.values(seats);
      const [first, ...rest] = hiddenSides(scenario);
      const placement = placements()[first!]!;
      await act(seats[first!]!, { type: 'deploy', ...placement }, all);
      if (rest.length === 0) return; // The deployment ended with it: covers are public, what is under them is checked below.
      const hexes = [...placement.units, ...placement.decoys].map((p) => p.hex);
      for (const seat of othersOf(first!)) {
        const s = seats[seat]!;
        const state = s.room.state.toJSON() as {
          covers: Record<string, { hex: number }>;
          pieces: Record<string, { hex: number; side: string }>;
          deploymentSecrets?: Record<string, unknown>;
        };
        expect(Object.values(state.covers)).toEqual([]);
        expect(
          Object.values(state.pieces).filter((p) => p.side === first && hexes.includes(p.hex)),
        ).toEqual([]);
        expect(Object.keys(state.deploymentSecrets ?? {})).not.toContain(first);
        // The placement's JSON never reaches them.
        expect(framesText(s.frames())).not.toContain('"decoys":[');
        expect(leaks(received(s), ownSecrets(first!))).toEqual([]);
      }
      expect(framesText(seats[first!]!.frames())).toContain('"decoys":[');
      expect(framesText(seats.referee!.frames())).toContain('"decoys":[');
    });

    test('§4.5.1 after the deployment: covers for all, what lies under them for the owner and the referee only; no route tells more', async () => {
      const all = Object.values(seats);
      const p = placements();
      for (const side of hiddenSides(scenario).slice(1))
        await act(seats[side]!, { type: 'deploy', ...p[side]! }, all);
      await settle();
      expect(seats.spectator!.room.state.deploying).toBe(false);
      expect(seats.spectator!.room.state.covers.size).toBe(hiddenUnits(scenario).length * 2);
      for (const side of hiddenSides(scenario)) {
        const mine = [...ownSecrets(side), `${side}-decoy-`];
        for (const seat of othersOf(side))
          expect({ seat, side, leaked: leaks(received(seats[seat]!), mine) }).toEqual({
            seat,
            side,
            leaked: [],
          });
        expect(leaks(received(seats[side]!), mine)).toEqual(mine);
      }
      // Issue 12: the battle's replay so far tells each player no more than its stream did (the owner's is the control).
      const replay = async (seat: string) =>
        (
          await fetch(`${server.url}/api/battles/${battleId}/replay`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ key: keys[seat] }),
          })
        ).text();
      for (const side of hiddenSides(scenario)) {
        const mine = [...ownSecrets(side), `${side}-decoy-`];
        for (const seat of othersOf(side).filter((x) => x !== 'spectator'))
          expect({ seat, side, leaked: leaks(await replay(seat), mine) }).toEqual({
            seat,
            side,
            leaked: [],
          });
        expect(leaks(await replay(side), mine)).toEqual(mine);
      }
      const scanned = [
        await get('/api/battles'),
        await get('/api/scenarios'),
        await get('/', { headers: { Accept: 'text/html' } }),
      ];
      for (const asset of filesUnder(DIST))
        scanned.push(await get(`/${path.relative(DIST, asset).split(path.sep).join('/')}`));
      for (const text of scanned) expect(leaks(text, secrets)).toEqual([]);
    });
  });
});

describe('issue 7: where the hidden unit and the decoy stand is not in the opponent’s stream (the-ford)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: () => 'one seed for both battles' });
  });
  afterAll(() => server.close());

  /** Random per connection and meaningless for the game: blanked (same length) to compare streams byte for byte. */
  function normalise(frames: Buffer[], randomIds: string[]): string[] {
    return frames.map((f) => {
      let text = f.toString('latin1');
      for (const id of randomIds) text = text.split(id).join('#'.repeat(id.length));
      return Buffer.from(text, 'latin1').toString('hex');
    });
  }

  test('§4.5.1 swapping the places of o-ambush and its decoy at deployment gives Ardenne and spectators byte-identical streams', async () => {
    const game = createGame(
      SCENARIOS.find((s) => s.id === 'the-ford')!,
      'x',
    );
    const base = autoPlacement(game, 'black-teeth');
    const [unit] = base.units;
    const [decoy] = base.decoys;
    const swapped: DeploymentPlacement = {
      units: [{ ...unit!, hex: decoy!.hex }],
      decoys: [{ ...decoy!, hex: unit!.hex }],
    };
    const streams: string[][][] = [];
    for (const placement of [base, swapped]) {
      const { seats, keys, invites } = await seatEveryone(server, {
        scenarioId: 'the-ford',
        seat: 'ardenne',
        battleName: 'Le gué',
      });
      const all = Object.values(seats);
      await settle();
      await act(seats['black-teeth']!, { type: 'deploy', ...placement }, all);
      await settle();
      const tokens = [...Object.values(keys), ...Object.values(invites)];
      streams.push(
        ['ardenne', 'spectator'].map((seat) => {
          const room = seats[seat]!.room;
          return normalise(seats[seat]!.frames(), [
            room.roomId,
            room.sessionId,
            room.reconnectionToken.split(':')[1]!,
            ...tokens,
          ]);
        }),
      );
      // The owner's own stream does differ: the scan is not blind.
      expect(JSON.stringify(seats['black-teeth']!.room.state.toJSON())).toContain(
        `"hex":${placement.units[0]!.hex}`,
      );
      await leaveAll(...all);
    }
    const [a, b] = streams;
    expect(a![0]!.length).toBeGreaterThan(3);
    expect(b).toEqual(a);
  });
});
