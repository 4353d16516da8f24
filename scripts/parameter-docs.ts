/**
 * Writes the parameter tables of README.md and docs/api.md from the parameter table
 * (`npm run docs:parameters`); test/api/parameter-table.test.ts fails when they are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config/env.js';
import { PARAMETER_TABLE_FILES, withTable } from '../api/params/parameter-docs.js';

for (const { file, id, table } of PARAMETER_TABLE_FILES) {
  const full = path.join(PROJECT_ROOT, file);
  writeFileSync(full, withTable(readFileSync(full, 'utf8'), id, table()));
  process.stdout.write(`wrote the ${id} table of ${file}\n`);
}
