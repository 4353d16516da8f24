import type { Page } from 'playwright-core';
import type { RawSponsorTrial } from '../normalise.js';

/**
 * Code for what a sponsor's catalog selectors cannot say. `readDetail` runs on a rendered
 * detail page after the selector fields; what it returns wins over them.
 */
export interface PageAdapter {
  readDetail(page: Page): Promise<Partial<RawSponsorTrial>>;
}
