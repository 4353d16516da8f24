#!/usr/bin/env bash
# The whole test suite: services, strict type-check, lint, then every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-services.sh
npx tsc --noEmit
bash scripts/lint.sh
npx vitest run "$@"
