// Preloaded by scripts/lint.sh. npm hoists ts-api-utils (a typescript-eslint dependency whose
// peer range admits any TypeScript) to the root, where `require('typescript')` finds the
// project's TypeScript 7, which has no compiler API. In the linter process only, every
// `require('typescript')` gets this workspace's TypeScript 5.
const Module = require('node:module');
const typescript5 = require.resolve('typescript', { paths: [__dirname] });
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'typescript' ? typescript5 : resolve.call(this, request, ...rest);
};
