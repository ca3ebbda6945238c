#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it: static checks, a production build (broken links
# and anchors fail it), the browser tests against that build served locally, and the code-sample
# harness. The harness's toolchains install in the background meanwhile (apt waits mostly on the
# network and the disk); the harness itself runs last, since beside the browser tests both slow
# down more than they gain.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s (at %d s)\n' "$1" "$SECONDS"; }

logs=.tmp/test-logs
rm -rf "$logs"
mkdir -p "$logs"
background=()
trap 'kill "${background[@]}" 2>/dev/null || true' EXIT

step 'Browser and interpreters for the tests'
bash scripts/ensure-test-deps.sh

step 'nginx, which serves the build to the browser and HTTP tests'
bash scripts/ensure-nginx.sh

step 'Code-sample toolchains: installing in the background'
(
  status=0
  bash scripts/ensure-sample-toolchains.sh >"$logs/toolchains.log" 2>&1 || status=$?
  echo "$status" >"$logs/toolchains.status"
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

step 'Contract, content, browser, accessibility and HTTP tests'
browser_status=0
npx playwright test || browser_status=$?

step 'Code samples compiled and run against the mock API'
while [ ! -f "$logs/toolchains.status" ]; do sleep 2; done
cat "$logs/toolchains.log"
samples_status=$(cat "$logs/toolchains.status")
if [ "$samples_status" -eq 0 ]; then
  npx tsx tests/samples/run.ts || samples_status=$?
fi

if [ "$browser_status" -ne 0 ] || [ "$samples_status" -ne 0 ]; then
  printf '\n== failed: browser and HTTP tests exit %d, code samples exit %d\n' \
    "$browser_status" "$samples_status"
  exit 1
fi
printf '\n== all tests passed in %d s\n' "$SECONDS"
