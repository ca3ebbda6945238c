#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it: static checks, a production build (broken links
# and anchors fail it), the browser tests against that build served locally, and the code-sample
# harness. What the tests need from Debian installs in the background meanwhile (apt waits mostly
# on the network and the disk); the harness itself runs last, since beside the browser tests both
# slow down more than they gain.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s (at %d s)\n' "$1" "$SECONDS"; }

logs=.tmp/test-logs
rm -rf "$logs"
mkdir -p "$logs"
background=()
trap 'kill "${background[@]}" 2>/dev/null || true' EXIT

# Runs a script in the background, its output in $logs/<name>.log and its exit status in
# $logs/<name>.status once it ends.
in_background() {
  local name=$1
  shift
  local status=0
  "$@" >"$logs/$name.log" 2>&1 || status=$?
  echo "$status" >"$logs/$name.status"
}
# Waits for a background script and prints its output; fails when it failed.
wait_for() {
  local name=$1
  while [ ! -f "$logs/$name.status" ]; do sleep 1; done
  cat "$logs/$name.log"
  return "$(cat "$logs/$name.status")"
}

# apt allows one install at a time: the browser and nginx first (the browser tests wait for
# them), then the toolchains (only the last step needs them). Meanwhile the API reference is
# generated, checked and built, which needs neither.
step 'Browser, interpreters, nginx and code-sample toolchains: installing in the background'
(
  in_background test-deps bash -c 'bash scripts/ensure-test-deps.sh && bash scripts/ensure-nginx.sh'
  in_background toolchains bash scripts/ensure-sample-toolchains.sh
) &
background+=($!)

step 'Generate the API reference from api-specs/'
npm run --silent gen-api

step 'Types, lint and formatting, side by side (each runs on one core)'
checks=(typecheck lint format:check)
pids=()
for check in "${checks[@]}"; do
  npm run --silent "$check" >"$logs/${check/:/-}.log" 2>&1 &
  pids+=($!)
done
static_status=0
for i in "${!checks[@]}"; do
  check=${checks[$i]}
  if wait "${pids[$i]}"; then result=passed; else result=failed static_status=1; fi
  printf -- '-- %s %s\n' "$check" "$result"
  cat "$logs/${check/:/-}.log"
done
[ "$static_status" -eq 0 ] || exit 1

step 'Production build'
npx docusaurus build

step 'Browser, interpreters and nginx for the tests'
wait_for test-deps

step 'Contract, content, browser, accessibility and HTTP tests'
# Two runners side by side. The browser tests keep both cores busy; the tests without a browser
# (contract, content, samples) wait mostly on their mocks' timers and child processes, so in a
# runner of their own they fill the browser tests' idle moments instead of taking their workers.
# They need the build's files, not its server (BASE_URL then starts none).
BASE_URL=http://127.0.0.1:9 in_background node-tests \
  npx playwright test --project=contract --project=content --project=samples \
  --output=.tmp/test-results-node &
background+=($!)
browser_status=0
npx playwright test --project=chromium --project=a11y --project=http || browser_status=$?
printf '\n-- contract, content and samples tests (run beside the browser tests):\n'
wait_for node-tests || browser_status=1

step 'Code samples compiled and run against the mock API'
samples_status=0
wait_for toolchains || samples_status=$?
if [ "$samples_status" -eq 0 ]; then
  npx tsx tests/samples/run.ts || samples_status=$?
fi

if [ "$browser_status" -ne 0 ] || [ "$samples_status" -ne 0 ]; then
  printf '\n== failed: browser and HTTP tests exit %d, code samples exit %d\n' \
    "$browser_status" "$samples_status"
  exit 1
fi
printf '\n== all tests passed in %d s\n' "$SECONDS"
