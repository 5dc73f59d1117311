#!/usr/bin/env bash
# THE test command of Lames: `npm test` runs it, `.ci/run` runs `npm ci` then `npm test`.
#   1. makes sure Debian's chromium is at /usr/bin/chromium (browser tests drive it)
#   2. npm run typecheck (also type-checks e2e/ when it has a tsconfig.json)
#   3. npm run lint
#   4. builds the client (browser tests serve packages/client/dist)
#   5. jest --ci over every project, results in artifacts/jest-results.json,
#      then prints `jest: N passed, M failed[, K skipped]` as its last line.
# Extra arguments go to jest: `npm test -- --selectProjects rules`.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
CHROMIUM=/usr/bin/chromium
RESULTS="$ROOT/artifacts/jest-results.json"
JEST_TIMEOUT="${LAMES_JEST_TIMEOUT:-80m}"

# The URLs the tests use for PostgreSQL and Redis (CI sets the same values).
export LAMES_TEST_PG_URL="${LAMES_TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}"
export LAMES_TEST_REDIS_URL="${LAMES_TEST_REDIS_URL:-redis://127.0.0.1:6379}"

step() { printf '\n==> [test.sh] %s\n' "$*"; }
fail() { printf '\n[test.sh] FAILED: %s\n' "$*" >&2; exit 1; }

# --- 1. chromium ------------------------------------------------------------
step "chromium at $CHROMIUM"
if [ ! -x "$CHROMIUM" ]; then
  mkdir -p artifacts
  APT_LOG="$ROOT/artifacts/apt-chromium.log"
  install_cmd='apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'
  if [ "$(id -u)" = 0 ]; then
    echo "chromium missing: installing Debian's chromium with apt-get"
    bash -c "$install_cmd" >"$APT_LOG" 2>&1 \
      || { tail -n 30 "$APT_LOG" >&2; fail "could not install chromium with: $install_cmd"; }
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    echo "chromium missing: installing Debian's chromium with sudo apt-get"
    sudo -n env DEBIAN_FRONTEND=noninteractive bash -c "$install_cmd" >"$APT_LOG" 2>&1 \
      || { tail -n 30 "$APT_LOG" >&2; fail "could not install chromium with: sudo $install_cmd"; }
  else
    fail "chromium is missing at $CHROMIUM and this user cannot install it. Install it with:
    sudo apt-get update && sudo apt-get install -y chromium"
  fi
  [ -x "$CHROMIUM" ] || fail "chromium was installed but $CHROMIUM still does not exist (see $APT_LOG)"
fi
"$CHROMIUM" --version 2>/dev/null || echo "(warning: '$CHROMIUM --version' printed nothing)"

# --- 2. typecheck -------------------------------------------------------------
step "npm run typecheck"
npm run typecheck || fail "typecheck (npm run typecheck)"
if [ -f e2e/tsconfig.json ]; then
  step "tsc -p e2e"
  npx tsc -p e2e || fail "typecheck of e2e/ (npx tsc -p e2e)"
fi

# --- 3. lint ------------------------------------------------------------------
step "npm run lint"
npm run lint || fail "lint (npm run lint)"

# --- 4. client build ----------------------------------------------------------
step "npm run build -w @lames/client"
npm run build -w @lames/client || fail "client build (npm run build -w @lames/client)"

# --- services (informative only) -----------------------------------------------
if [ "${CI:-}" = true ]; then
  step "PostgreSQL and Redis"
  for url in "$LAMES_TEST_PG_URL" "$LAMES_TEST_REDIS_URL"; do
    node -e '
      let u;
      try { u = new URL(process.argv[1]); } catch {
        console.log(`not a URL: "${process.argv[1]}"`); process.exit(0);
      }
      const port = Number(u.port) || (u.protocol.startsWith("redis") ? 6379 : 5432);
      const host = u.hostname || "127.0.0.1";
      const s = require("net").connect({ host, port });
      const say = (ok, why) => {
        console.log(ok ? `reachable: ${host}:${port} (${u.protocol}//)`
          : `NOT reachable: ${host}:${port} (${u.protocol}//): ${why}; tests that need it will say so`);
        s.destroy(); process.exit(0);
      };
      s.setTimeout(3000, () => say(false, "timeout"));
      s.on("connect", () => say(true));
      s.on("error", (e) => say(false, e.code || e.message));
    ' "$url"
  done
fi

# --- 5. jest ------------------------------------------------------------------
step "jest --ci (results in ${RESULTS#"$ROOT"/})"
mkdir -p "$(dirname "$RESULTS")"
rm -f "$RESULTS"
jest_rc=0
timeout --kill-after=30s "$JEST_TIMEOUT" \
  npx jest --ci --json --outputFile="$RESULTS" "$@" || jest_rc=$?
if [ "$jest_rc" = 124 ] || [ "$jest_rc" = 137 ]; then
  echo "[test.sh] jest did not finish within $JEST_TIMEOUT (a hanging test or an open handle?)" >&2
fi
[ -s "$RESULTS" ] || fail "jest wrote no results to $RESULTS (exit code $jest_rc)"

# The summary line is the last thing printed; the exit code says whether jest passed.
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const jestRc = Number(process.argv[2]);
  const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
  const ran = r.numPassedTests + r.numFailedTests;
  const notes = [];
  if (r.numFailedTestSuites) notes.push(`${r.numFailedTestSuites} test suite(s) failed or could not run`);
  if (ran === 0) notes.push("no test ran");
  if (jestRc !== 0) notes.push(`jest exited with code ${jestRc}`);
  const ok = jestRc === 0 && r.success && r.numFailedTests === 0 && ran > 0;
  if (!ok) console.log(`[test.sh] FAILED: jest: ${notes.join("; ") || "unsuccessful run"}`);
  console.log(`jest: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped > 0 ? `, ${skipped} skipped` : ""));
  process.exit(ok ? 0 : 1);
' "$RESULTS" "$jest_rc"
