import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedCtgovDir } from '../../../config/shared-data.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SPONSOR_FIXTURES = path.join(REPO_ROOT, 'test/fixtures/sponsors');
export const CTGOV_DIR = sharedCtgovDir();
