#!/usr/bin/env node
/**
 * npm run verify -- FILE
 *
 * Checks the export of a finished battle (GET /api/battles/<id>/export):
 * replays every action through the rules from the scenario and the revealed
 * seed, and checks the seed against the hash shown at the start, every roll
 * (the events) and every state hash. Exits 0 when everything matches, 1 with
 * the first problem otherwise, 2 on a usage error. `npm run verify` builds
 * the rules first (tsc -b packages/rules).
 */
const fs = require('node:fs');
const path = require('node:path');
const { RULES_VERSION, verifyExport } = require('../packages/rules/dist');
const { scenarioById } = require('../packages/rules/dist/scenarios');

function main(args) {
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error('usage: npm run verify -- FILE   (the export of a finished battle, GET /api/battles/<id>/export)');
    return 2;
  }
  // npm runs scripts from the repository's root: a relative path is taken from where npm was called.
  const file = path.resolve(process.env.INIT_CWD || process.cwd(), args[0]);
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`FAILED: ${file}: cannot be read as JSON: ${e.message}`);
    return 1;
  }
  const verdict = verifyExport(data, scenarioById);
  if (!verdict.ok) {
    console.error(`FAILED: ${file}: ${verdict.problem}`);
    return 1;
  }
  const r = verdict.result;
  const outcome = r ? (r.winner ? `${r.winner} won` : 'a draw') : 'no result';
  // A battle lost on time (a time control's forfeit) says so: its end is not one of the rules'.
  const result = r && r.reason === 'lostOnTime' ? `${r.defeated.map((d) => d.side).join(', ')} lost on time, ${outcome}` : outcome;
  console.log(
    `OK: ${file}: battle "${data.battle && data.battle.name}" replayed under rules ${RULES_VERSION}: ${verdict.actions} actions, ` +
      `every roll and every state hash as recorded; the seed ${data.seed} is the one whose hash ${data.seedHash} was shown at the start; ${result}.`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
