#!/usr/bin/env bash
# ESLint over the TypeScript tree (config, and why it is a workspace: scripts/lint/), then
# Prettier's check of the formatting (.prettierrc.json; `npm run format` rewrites).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --require ./scripts/lint/typescript-5.cjs"
npx --no-install eslint --config scripts/lint/eslint.config.mjs --max-warnings 0 "$@" .
NODE_OPTIONS= npx --no-install prettier --check --log-level warn "**/*.{ts,mts,cts,js,mjs,cjs}"
