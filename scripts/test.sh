#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it: static checks, a production build (broken links
# and anchors fail it) and the browser tests against that build served locally.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step 'Browser and interpreters for the tests'
bash scripts/ensure-test-deps.sh

step 'nginx, which serves the build to the browser and HTTP tests'
bash scripts/ensure-nginx.sh

step 'Generate the API reference from api-specs/'
npm run --silent gen-api

step 'Types'
npm run --silent typecheck

step 'Lint'
npm run --silent lint

step 'Formatting'
npm run --silent format:check

step 'Production build'
npx docusaurus build

step 'Contract, content, browser and HTTP tests'
# Every project but 'a11y' (see playwright.config.ts).
npx playwright test --project=contract --project=content --project=chromium --project=http --project=samples

step 'Code samples compiled and run against the mock API'
bash scripts/ensure-sample-toolchains.sh
npx tsx tests/samples/run.ts
