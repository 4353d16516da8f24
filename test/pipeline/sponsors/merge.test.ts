import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import type { TrialRecord } from '../../../domain/rows.js';
import { registryStudyUrl } from '../../../domain/sources.js';
import { mapStudyToRecord } from '../../../pipeline/registry/map-study.js';
import { importSponsorCsvs } from '../../../pipeline/sponsors/csv-import.js';
import { mergeSponsorRecords, syntheticSponsorId } from '../../../pipeline/sponsors/merge.js';
import type { SponsorTrial } from '../../../pipeline/sponsors/types.js';
import { CTGOV_DIR, SPONSOR_FIXTURES } from './paths.js';

const STUDIES = path.join(CTGOV_DIR, 'v2', 'studies.jsonl');

function loadRegistry(): TrialRecord[] {
  if (!fs.existsSync(STUDIES)) {
    throw new Error(
      `Real registry records are missing: ${STUDIES} (the shared ../shared/data/ctgov directory beside the repo)`,
    );
  }
  return fs
    .readFileSync(STUDIES, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => mapStudyToRecord(JSON.parse(l)));
}

function sponsorTrial(
  over: Partial<SponsorTrial> & Pick<SponsorTrial, 'source_slug'>,
): SponsorTrial {
  return {
    nct_id: null,
    sponsor_study_id: null,
    title: null,
    official_title: null,
    summary: null,
    status_text: null,
    status: null,
    phases: [],
    conditions: [],
    interventions: [],
    sex: 'ALL',
    age_min: null,
    age_max: null,
    study_start: null,
    primary_completion: null,
    last_updated: null,
    page_url: null,
    sites: [],
    content_hash: 'h',
    ...over,
  };
}

let registry: TrialRecord[];
let sponsors: SponsorTrial[];

beforeAll(async () => {
  registry = loadRegistry();
  sponsors = (
    await importSponsorCsvs({ dir: SPONSOR_FIXTURES }, { logger: createLogger('silent') })
  ).trials;
});

const find = (records: TrialRecord[], id: string) => {
  const r = records.find((x) => x.trial.nct_id === id);
  if (!r) throw new Error(`no record ${id}`);
  return r;
};

describe('mergeSponsorRecords on real registry records and the fixture sponsor exports', () => {
  it('joins by NCT id without touching registry fields, adding only the pharma link', () => {
    const before = find(registry, 'NCT05797168');
    const snapshot = JSON.stringify(before);
    const { records } = mergeSponsorRecords(registry, sponsors);
    const after = find(records, 'NCT05797168');
    expect(after.trial.pharma_url).toBe(
      'https://www.astrazenecaclinicaltrials.com/study/AZ-FIXTURE-0101/',
    );
    expect(after.trial.pharma_source_slug).toBe('astrazeneca');
    const { pharma_url: _u, pharma_source_slug: _s, ...rest } = after.trial;
    const { pharma_url: _u0, pharma_source_slug: _s0, ...restBefore } = before.trial;
    expect(rest).toEqual(restBefore);
    expect(after.trial.brief_title).not.toContain('Fixture');
    expect(after.trial.source).toBe('ctgov');
    expect(after.sites).toBe(before.sites);
    // The input records are not modified.
    expect(JSON.stringify(before)).toBe(snapshot);
    expect(find(records, 'NCT06914128').trial.pharma_source_slug).toBe('bayer');
    expect(find(records, 'NCT06561685').trial.pharma_url).toBe(
      'https://trials.lilly.com/en-US/trial/LY-FIXTURE-0301',
    );
  });

  it('keeps one trial when two sponsors list it: first in catalog order wins, the other is flagged', () => {
    // Pfizer's rows first in the input: catalog order, not input order, decides.
    const shuffled = [
      ...sponsors.filter((t) => t.source_slug === 'pfizer'),
      ...sponsors.filter((t) => t.source_slug !== 'pfizer'),
    ];
    const { records, flags, sponsorStatuses } = mergeSponsorRecords(registry, shuffled);
    expect(records.filter((r) => r.trial.nct_id === 'NCT07124000')).toHaveLength(1);
    expect(find(records, 'NCT07124000').trial.pharma_source_slug).toBe('astrazeneca');
    const dup = flags.find((f) => f.nct_id === 'NCT07124000');
    expect(dup).toMatchObject({ kind: 'duplicate_trial', source: 'pfizer' });
    expect(JSON.parse(dup!.details!)).toMatchObject({
      kept: 'astrazeneca',
      duplicate: 'pfizer',
      matched_by: 'nct_id',
      sponsor_study_id: 'PF-FIXTURE-0201',
    });
    expect(sponsorStatuses.get('NCT07124000')).toEqual([
      { slug: 'astrazeneca', status: 'Active' },
      { slug: 'pfizer', status: 'Recruiting' },
    ]);
    expect(find(records, 'NCT07124000').trial.status).toBe('Recruiting');
  });

  it('turns sponsor trials without an NCT id into sponsor-only trials under the sponsor id', () => {
    const { records } = mergeSponsorRecords(registry, sponsors);
    const only = find(records, 'AZ-FIXTURE-0001');
    expect(only.trial).toMatchObject({
      source: 'astrazeneca',
      sponsor: 'AstraZeneca',
      url: 'https://www.astrazenecaclinicaltrials.com/study/AZ-FIXTURE-0001/',
      pharma_source_slug: 'astrazeneca',
      brief_title: 'Fixture sponsor-only study of an oral KRAS inhibitor in NSCLC',
      phases: ['PHASE2'],
      phase: 'Phase II',
      study_type: 'Interventional',
      overall_status: 'Actively recruiting',
      status: 'Recruiting',
      status_bucket: 'recruiting',
      study_start: '2025-02-01',
      location_count: 2,
    });
    expect(only.sites).toEqual([
      {
        nct_id: 'AZ-FIXTURE-0001',
        site_index: 0,
        facility: 'Fixture Cancer Centre',
        city: 'Denver',
        state: null,
        state_source: null,
        zip: null,
        country: 'United States',
        status: null,
        latitude: null,
        longitude: null,
        geo_precision: 'none',
        h3_cell: null,
      },
      {
        nct_id: 'AZ-FIXTURE-0001',
        site_index: 1,
        facility: 'Fixture Clinic',
        city: 'Lyon',
        state: null,
        state_source: null,
        zip: null,
        country: 'France',
        status: null,
        latitude: null,
        longitude: null,
        geo_precision: 'none',
        h3_cell: null,
      },
    ]);
    const lilly = find(records, 'LY-FIXTURE-0001');
    expect(lilly.sites[0]).toMatchObject({ state: 'CA', zip: '90095', city: 'Los Angeles' });
    expect(lilly.trial.status_bucket).toBe('recruiting');
    expect(lilly.trial.status).toBe('Enrolling');
  });

  it('keeps a sponsor row naming an NCT id outside the registry set under that id, linking the registry page', () => {
    const { records } = mergeSponsorRecords(registry, sponsors);
    expect(registry.some((r) => r.trial.nct_id === 'NCT05123482')).toBe(false);
    const r = find(records, 'NCT05123482');
    expect(r.trial).toMatchObject({
      source: 'astrazeneca',
      url: registryStudyUrl('NCT05123482'),
      pharma_url: 'https://www.astrazenecaclinicaltrials.com/study/AZ-FIXTURE-0002/',
      status: 'Completed',
      status_bucket: 'completed',
    });
  });

  it('folds the same sponsor-only trial from two sponsors by normalised title, and counts records exactly', () => {
    const { records, flags } = mergeSponsorRecords(registry, sponsors);
    expect(records.some((r) => r.trial.nct_id === 'NVS-FIXTURE-0001')).toBe(false);
    const flag = flags.find((f) => f.source === 'novartis' && f.nct_id === 'AZ-FIXTURE-0003');
    expect(JSON.parse(flag!.details!)).toMatchObject({
      kept: 'astrazeneca',
      matched_by: 'title',
      sponsor_study_id: 'NVS-FIXTURE-0001',
    });
    // 3 NCT ids outside the registry set + 8 distinct sponsor-only trials.
    expect(records).toHaveLength(registry.length + 11);
    expect(flags.map((f) => `${f.nct_id}<-${f.source}`).sort()).toEqual([
      'AZ-FIXTURE-0003<-novartis',
      'NCT05797168<-novartis',
      'NCT07124000<-pfizer',
    ]);
    expect(new Set(records.map((r) => r.trial.nct_id)).size).toBe(records.length);
  });

  it('matches a co-listed trial by sponsor study id and gives id-less trials a stable synthetic id', () => {
    const colisted = sponsorTrial({
      source_slug: 'gsk',
      sponsor_study_id: 'az-fixture-0101',
      title: 'Another wording',
      status: 'Active',
    });
    const noId = sponsorTrial({
      source_slug: 'gsk',
      title: 'Fixture study known only by its title',
      status: 'Recruiting',
      page_url: null,
    });
    const { records, flags, sponsorStatuses } = mergeSponsorRecords(registry, [
      ...sponsors,
      colisted,
      noId,
    ]);
    expect(flags.find((f) => f.source === 'gsk')).toMatchObject({
      nct_id: 'NCT05797168',
      kind: 'duplicate_trial',
    });
    expect(sponsorStatuses.get('NCT05797168')?.map((s) => s.slug)).toEqual([
      'astrazeneca',
      'novartis',
      'gsk',
    ]);
    const id = syntheticSponsorId(noId);
    expect(id).toMatch(/^GSK-[0-9a-f]{10}$/);
    const rec = find(records, id);
    // No sponsor page: the sponsor home page keeps `url` non-empty.
    expect(rec.trial.url).toBe('https://www.gsk-studyregister.com');
    expect(rec.trial.pharma_url).toBeNull();
  });
});
