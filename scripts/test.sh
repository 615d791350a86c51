#!/usr/bin/env bash
# Installs everything the tests need into .venv (again only when pyproject.toml changed since
# the last install, as scripts/run.sh does; a fresh clone, like CI's, installs everything),
# then runs lint, format check, types and tests. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
marker=.venv/.deuce-test-installed
if [ ! -f "$marker" ] || [ pyproject.toml -nt "$marker" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e ".[test]"
    touch "$marker"
else
    echo "== .venv is up to date with pyproject.toml (delete $marker to reinstall)"
fi
export PATH="$PWD/.venv/bin:$PATH"
# The dashboard's browser tests drive Debian's Chromium through Playwright (never a browser
# Playwright downloads). CI installs it; elsewhere those tests skip, saying so, without it.
if [ ! -x "${DEUCE_CHROMIUM:-/usr/bin/chromium}" ]; then
    if [ "${CI:-}" = "true" ] && command -v apt-get >/dev/null 2>&1; then
        echo "== installing chromium for the browser tests"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        echo "== Chromium not found (apt-get install chromium, or set DEUCE_CHROMIUM): the browser tests will skip"
    fi
fi
# The store's PostgreSQL tests start a throwaway server from the installed binaries (README,
# "Test"); say which, or why those tests will skip (CI=true makes them fail instead).
# (The same search as tests/store/_helpers.py postgres_bin_dir.)
if [ -n "${DEUCE_POSTGRES_BIN:-}" ]; then
    pg_bin=$DEUCE_POSTGRES_BIN
elif command -v initdb >/dev/null 2>&1; then
    pg_bin=$(dirname "$(command -v initdb)")
else
    pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -n "$pg_bin" ]; then
    echo "== PostgreSQL server binaries for the store tests: $pg_bin"
else
    echo "== PostgreSQL server binaries not found (install postgresql, or set DEUCE_POSTGRES_BIN)"
fi
echo "== ruff check"; ruff check .
echo "== ruff format --check"; ruff format --check .
echo "== mypy --strict bot cogs"; mypy --strict bot cogs
# pytest runs in parallel worker processes (pytest-xdist): the end-to-end tests mostly wait on
# timers and on the bot process, so more workers than cores pay; each worker starts its own
# throwaway PostgreSQL server. DEUCE_TEST_WORKERS says how many; "-n 0" among the arguments runs
# the tests in one process, as "-p no:xdist" does.
parallel=(-n "${DEUCE_TEST_WORKERS:-4}" --dist worksteal)
for arg in "$@"; do
    if [ "$arg" = "no:xdist" ] || [ "$arg" = "-pno:xdist" ]; then
        parallel=()
    fi
done
echo "== pytest"; python -m pytest ${parallel[@]+"${parallel[@]}"} "$@"
