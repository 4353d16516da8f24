#!/usr/bin/env bash
# ESLint over the TypeScript tree (config, and why it is a workspace: scripts/lint/), then
# madge's check that no module imports itself through others (type-only imports count: a
# cycle of types still ties two modules together), then Prettier's check of the
# formatting (.prettierrc.json; `npm run format` rewrites).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --require ./scripts/lint/typescript-5.cjs"
npx --no-install eslint --config scripts/lint/eslint.config.mjs --max-warnings 0 "$@" .
# madge resolves `.js` imports to the `.ts` files through tsconfig.json, with the
# workspace's TypeScript 5 (the preload above), wherever npm placed the package.
MADGE=$(node -p "require.resolve('madge/bin/cli.js', { paths: ['scripts/lint'] })")
node "$MADGE" --circular --no-spinner --extensions ts --ts-config tsconfig.json \
  --exclude '(^|/)node_modules/' .
NODE_OPTIONS= npx --no-install prettier --check --log-level warn "**/*.{ts,mts,cts,js,mjs,cjs}"
