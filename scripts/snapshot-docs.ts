/**
 * Writes docs/snapshot.md from the snapshot schema (`npm run docs:snapshot`). The same text
 * is published as README.md in every snapshot folder; test/snapshot/dictionary.test.ts
 * fails when this file is out of date.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config/env.js';
import { snapshotDocMarkdown } from '../snapshot/dictionary.js';

const file = path.join(PROJECT_ROOT, 'docs', 'snapshot.md');
writeFileSync(file, snapshotDocMarkdown());
process.stdout.write(`wrote ${path.relative(PROJECT_ROOT, file)}\n`);
