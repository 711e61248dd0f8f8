#!/usr/bin/env bash
# The suite, N times in a row, with every core kept busy by a spinning process:
# does it pass every time, and does its time grow?  (issue #12: steady UI tests)
#   tools/steady_suite.sh [RUNS] [pytest args...]
set -u
runs=${1:-5}; shift || true
cd "$(dirname "$0")/.."
spinners=()
for _ in $(seq "$(nproc)"); do
  python3 -c 'while True: pass' & spinners+=($!)
done
trap 'kill "${spinners[@]}" 2>/dev/null' EXIT
failed=0
for run in $(seq "$runs"); do
  start=$(date +%s)
  if .venv/bin/python -m pytest "$@" > "/tmp/steady-run-$run.log" 2>&1; then result=passed
  else result=FAILED; failed=$((failed + 1)); fi
  echo "run $run: $result in $(( $(date +%s) - start )) s ($(tail -n 1 "/tmp/steady-run-$run.log"))"
done
echo "$failed of $runs runs failed (logs: /tmp/steady-run-*.log)"
exit $(( failed > 0 ))
