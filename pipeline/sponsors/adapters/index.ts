/** Page adapters by the name a web catalog entry gives in `adapter`. */
import { rocheAdapter } from './roche.js';
import type { PageAdapter } from './types.js';

export const ADAPTERS: Readonly<Record<string, PageAdapter>> = {
  roche: rocheAdapter,
};

export type { PageAdapter } from './types.js';
export { PageShapeError } from './shape-error.js';
