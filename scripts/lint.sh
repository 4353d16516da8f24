#!/usr/bin/env bash
# ESLint over the TypeScript tree (config, and why it is a workspace: scripts/lint/).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --require ./scripts/lint/typescript-5.cjs"
exec npx --no-install eslint --config scripts/lint/eslint.config.mjs --max-warnings 0 "$@" .
