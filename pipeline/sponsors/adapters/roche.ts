/**
 * Roche ForPatients detail pages list their facts as a definition list whose order and
 * presence vary per trial, so facts are read by their label instead of by position.
 */
import type { Page } from 'playwright-core';
import type { DomElement } from '../page-dom.js';
import type { SponsorField, SponsorSite } from '../types.js';
import { parseSiteText, type RawSponsorTrial } from '../normalise.js';
import { PageShapeError } from './shape-error.js';
import type { PageAdapter } from './types.js';

const FACTS = 'dl.trial-facts';

const LABELS: Readonly<Record<string, SponsorField>> = {
  'trial id': 'sponsor_study_id',
  'roche trial id': 'sponsor_study_id',
  'nct number': 'nct_id',
  'clinicaltrials.gov id': 'nct_id',
  phase: 'phase',
  'trial phase': 'phase',
  status: 'status',
  'recruitment status': 'status',
  'start date': 'study_start',
  condition: 'conditions',
  conditions: 'conditions',
  gender: 'sex',
  'minimum age': 'age_min',
  'maximum age': 'age_max',
  'official title': 'official_title',
};

export const rocheAdapter: PageAdapter = {
  async readDetail(page: Page): Promise<Partial<RawSponsorTrial>> {
    const pairs = await page.$$eval(FACTS, (lists) =>
      (lists as unknown as DomElement[]).flatMap((dl) =>
        Array.from(dl.querySelectorAll('dt')).map((dt) => {
          const dd = dt.nextElementSibling;
          return [
            dt.textContent ?? '',
            dd && dd.tagName === 'DD' ? (dd.textContent ?? '') : '',
          ] as [string, string];
        }),
      ),
    );
    if (pairs.length === 0) throw new PageShapeError(page.url(), 'adapter roche', FACTS);
    const fields: RawSponsorTrial['fields'] = {};
    for (const [label, value] of pairs) {
      const field = LABELS[label.trim().replace(/:$/, '').toLowerCase()];
      if (field) fields[field] = field === 'conditions' ? value.split(',') : value;
    }
    const siteTexts = await page.$$eval('ul.trial-locations li', (lis) =>
      (lis as unknown as DomElement[]).map((li) => li.textContent ?? ''),
    );
    const sites: SponsorSite[] = siteTexts
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => parseSiteText(t, ['facility', 'city', 'country']));
    return { fields, sites };
  },
};
