import { describe, expect, it } from 'vitest';
import { SPONSOR_SOURCES } from '../../../domain/sources.js';
import { TRIAL_STATUSES } from '../../../domain/status.js';
import { ADAPTERS } from '../../../pipeline/sponsors/adapters/index.js';
import { SPONSOR_CATALOG } from '../../../pipeline/sponsors/catalog/index.js';
import { mapSponsorStatus } from '../../../pipeline/sponsors/normalise.js';

describe('sponsor catalog', () => {
  it('has one entry per sponsor of domain/sources.ts, in that order, with the same ingest kind', () => {
    expect(SPONSOR_CATALOG.map((e) => e.slug)).toEqual(SPONSOR_SOURCES.map((s) => s.slug));
    expect(SPONSOR_CATALOG.map((e) => e.source.kind)).toEqual(SPONSOR_SOURCES.map((s) => s.ingest));
    expect(SPONSOR_CATALOG.filter((e) => e.source.kind === 'csv')).toHaveLength(10);
  });

  it('maps every status word to a domain status, and keeps lower-case keys so lookups match', () => {
    for (const entry of SPONSOR_CATALOG) {
      for (const [text, status] of Object.entries(entry.statusVocabulary)) {
        expect(text).toBe(text.toLowerCase().trim());
        expect(TRIAL_STATUSES).toContain(status);
      }
    }
    const az = SPONSOR_CATALOG[0];
    expect(mapSponsorStatus(az, '  Actively  Recruiting ')).toBe('Recruiting');
    expect(mapSponsorStatus(az, 'Enrolment closed')).toBe('Active');
    // Falls back to the registry spellings, then to null.
    expect(mapSponsorStatus(az, 'Active, not recruiting')).toBe('Active');
    expect(mapSponsorStatus(az, 'Paused for lunch')).toBeNull();
  });

  it('names only adapters that exist and declares an id or title for every source', () => {
    for (const entry of SPONSOR_CATALOG) {
      const s = entry.source;
      if (s.kind === 'web') {
        if (s.adapter) expect(Object.keys(ADAPTERS)).toContain(s.adapter);
        expect(s.listPath.startsWith('/')).toBe(true);
      } else {
        expect(s.columns.title ?? s.columns.sponsor_study_id).toBeTruthy();
        expect(s.dateFormats.length).toBeGreaterThan(0);
      }
    }
  });
});
