#!/usr/bin/env bash
# The whole test suite: services, strict type-check, then every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-services.sh
npx tsc --noEmit
npx vitest run "$@"
