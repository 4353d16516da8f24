import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALTERATIONS, GENES } from '../../../domain/biomarkers.js';
import { FLAG_KINDS } from '../../../domain/flags.js';
import { SITE_H3_RESOLUTION, US_STATES, isUsCountry } from '../../../domain/geo.js';
import {
  REGISTRY_STATUS_TO_STATUS,
  STATUS_BUCKETS,
  TRIAL_STATUSES,
} from '../../../domain/status.js';
import { SEXES } from '../../../domain/sex.js';
import type { SnapshotTables } from '../../../domain/rows.js';
import { ALL_SOURCES } from '../../../domain/sources.js';
import { getResolution, latLngToCell } from 'h3-js';
import { generateDemoTables, SCALE_TARGETS } from '../../../pipeline/demo/index.js';

const require = createRequire(import.meta.url);
const zipcodes = require('zipcodes') as {
  lookup(
    zip: string,
  ): { latitude: number; longitude: number; city: string; state: string } | undefined;
};

const NOW = new Date('2026-11-22T00:00:00Z');
let t: SnapshotTables;

beforeAll(() => {
  t = generateDemoTables({ scale: 'demo', now: NOW });
});

const distinct = <T>(xs: T[]) => new Set(xs);

describe('generateDemoTables (demo scale)', () => {
  it('has the demo scale sizes', () => {
    expect(t.trials).toHaveLength(SCALE_TARGETS.demo.trials);
    expect(t.sites).toHaveLength(SCALE_TARGETS.demo.sites);
    expect(t.biomarkers).toHaveLength(SCALE_TARGETS.demo.biomarkerRows);
    expect(distinct(t.biomarkers.map((b) => b.nct_id)).size).toBe(
      SCALE_TARGETS.demo.biomarkerTrials,
    );
    expect(t.trials.length).toBeGreaterThanOrEqual(250);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateDemoTables({ scale: 'demo', now: NOW })).toEqual(t);
    const other = generateDemoTables({ scale: 'demo', seed: 'another', now: NOW });
    expect(other.trials.map((x) => x.brief_title)).not.toEqual(t.trials.map((x) => x.brief_title));
  });

  it('uses ids, titles, sponsors and links that cannot be taken for real trials', () => {
    const ids = t.trials.map((x) => x.nct_id);
    expect(distinct(ids).size).toBe(ids.length);
    for (const trial of t.trials) {
      expect(trial.nct_id).toMatch(/^DEMO-/);
      expect(trial.nct_id).not.toMatch(/NCT\d{8}/);
      expect(trial.brief_title).toMatch(/^\[Demo\] /);
      expect(trial.official_title).toMatch(/^\[Demo\] /);
      expect(trial.sponsor).toMatch(/^Demo |\(demo\)$/);
      expect(trial.url).toMatch(/^https:\/\/demo\.lungtrials\.example\//);
      expect(trial.content_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(t.trials.filter((x) => /^DEMO-\d{6}$/.test(x.nct_id)).length).toBeGreaterThan(
      t.trials.length * 0.9,
    );
    for (const s of t.sites) if (s.facility) expect(s.facility).toMatch(/Demo/);
  });

  it('covers every status, registry status, bucket, phase combination, study type and sex', () => {
    const registry = distinct(t.trials.map((x) => x.overall_status));
    for (const s of [...Object.keys(REGISTRY_STATUS_TO_STATUS), 'UNKNOWN', null])
      expect(registry, String(s)).toContain(s);
    expect(distinct(t.trials.map((x) => x.status))).toEqual(new Set([...TRIAL_STATUSES, null]));
    expect(distinct(t.trials.map((x) => x.status_bucket))).toEqual(new Set(STATUS_BUCKETS));
    const phases = distinct(t.trials.map((x) => x.phases.join('/')));
    for (const p of [
      'EARLY_PHASE1',
      'PHASE1',
      'PHASE1/PHASE2',
      'PHASE2',
      'PHASE2/PHASE3',
      'PHASE3',
      'PHASE4',
      'NA',
      '',
    ])
      expect(phases, p).toContain(p);
    const labels = distinct(t.trials.map((x) => x.phase));
    for (const l of ['Phase I/II', 'Phase II/III', 'N/A', 'Early Phase I', null])
      expect(labels).toContain(l);
    expect(distinct(t.trials.map((x) => x.study_type))).toEqual(
      new Set(['Interventional', 'Observational', 'Expanded Access']),
    );
    expect(distinct(t.trials.map((x) => x.sex))).toEqual(new Set(SEXES));
    for (const x of t.trials.filter((x) => x.study_type === 'Observational'))
      expect(x.phases).toEqual([]);
  });

  it('covers the age patterns: open, 18+, 18-75, 65+ and an upper bound only', () => {
    const ages = distinct(t.trials.map((x) => `${x.age_min}-${x.age_max}`));
    for (const a of ['null-null', '18-null', '18-75', '65-null', 'null-75'])
      expect(ages, a).toContain(a);
  });

  it('keeps dates consistent with status', () => {
    const today = '2026-11-22';
    for (const x of t.trials) {
      expect(x.first_posted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(x.last_updated! >= x.first_posted!).toBe(true);
      expect(x.last_updated! <= today).toBe(true);
      if (x.overall_status === 'NOT_YET_RECRUITING') expect(x.study_start! > today).toBe(true);
      if (x.overall_status === 'COMPLETED' && x.study_completion)
        expect(x.study_completion <= today).toBe(true);
      if (x.study_start && x.primary_completion && x.study_type !== 'Expanded Access')
        expect(x.primary_completion >= x.study_start.slice(0, 7)).toBe(true);
    }
  });

  it('has NSCLC, SCLC, both and untyped trials, with every SCLC stage pattern, stated in the text', () => {
    const key = (d: string[]) => d.join('+');
    expect(distinct(t.trials.map((x) => key(x.diagnosis_types)))).toEqual(
      new Set(['nsclc', 'sclc', 'nsclc+sclc', '']),
    );
    const sclc = t.trials.filter((x) => x.diagnosis_types.includes('sclc'));
    expect(distinct(sclc.map((x) => key(x.sclc_stages)))).toEqual(
      new Set(['limited', 'extensive', 'limited+extensive', '']),
    );
    for (const x of t.trials) {
      if (!x.diagnosis_types.includes('sclc')) expect(x.sclc_stages).toEqual([]);
      if (!x.diagnosis_types.includes('nsclc')) expect(x.nsclc_stages).toEqual([]);
      if (x.inclusion_criteria === null) continue;
      if (x.sclc_stages.length === 1 && x.sclc_stages[0] === 'extensive')
        expect(x.inclusion_criteria).toMatch(/Extensive-stage/);
      if (x.sclc_stages.length === 1 && x.sclc_stages[0] === 'limited')
        expect(x.inclusion_criteria).toMatch(/Limited-stage/);
      if (x.diagnosis_types.length === 0)
        expect(`${x.brief_title} ${x.inclusion_criteria}`).not.toMatch(/small cell|NSCLC|SCLC/i);
    }
    expect(t.trials.some((x) => x.nsclc_stages.length > 0)).toBe(true);
  });

  it('carries biomarker rows for all ten genes and every alteration id, required and excluded, each from a sentence of its criteria', () => {
    expect(distinct(t.biomarkers.map((b) => b.gene))).toEqual(new Set(GENES));
    for (const gene of GENES) {
      for (const alt of ALTERATIONS[gene]) {
        expect(
          t.biomarkers.some(
            (b) => b.gene === gene && b.alteration === alt && b.requirement === 'required',
          ),
          `${gene} ${alt} required`,
        ).toBe(true);
        expect(
          t.biomarkers.some(
            (b) => b.gene === gene && b.alteration === alt && b.requirement === 'excluded',
          ),
          `${gene} ${alt} excluded`,
        ).toBe(true);
      }
      expect(
        t.biomarkers.some(
          (b) =>
            b.gene === gene &&
            b.alteration === null &&
            b.metric === null &&
            b.requirement === 'required',
        ),
        `${gene} gene-level`,
      ).toBe(true);
    }
    const pdl1 = distinct(
      t.biomarkers
        .filter((b) => b.metric)
        .map((b) => `${b.metric}${b.comparator}${b.cutoff}${b.cutoff_high ?? ''}`),
    );
    expect(pdl1).toEqual(new Set(['TPS>=50', 'TPS>=1', 'TPS<1', 'TPSbetween149', 'CPS>=10']));
    const byId = new Map(t.trials.map((x) => [x.nct_id, x]));
    for (const b of t.biomarkers) {
      const trial = byId.get(b.nct_id)!;
      expect(b.section).toBe(b.requirement === 'required' ? 'inclusion' : 'exclusion');
      const text = b.section === 'inclusion' ? trial.inclusion_criteria : trial.exclusion_criteria;
      expect(text, b.source_text).toContain(b.source_text);
      if (b.gene !== 'PD-L1') expect(b.metric).toBeNull();
    }
    // No trial both requires and excludes the same gene-level biomarker.
    const keys = new Set(
      t.biomarkers.map((b) => `${b.nct_id}|${b.gene}|${b.alteration}|${b.requirement}`),
    );
    for (const b of t.biomarkers.filter(
      (b) => b.alteration === null && b.requirement === 'excluded',
    )) {
      expect(
        t.biomarkers.some(
          (o) => o.nct_id === b.nct_id && o.gene === b.gene && o.requirement === 'required',
        ),
      ).toBe(false);
    }
    expect(keys.size).toBe(t.biomarkers.length);
  });

  it('places sites in real US ZIPs and world cities, mostly geocoded, with H3 cells', () => {
    const bySiteTrial = new Map<string, number>();
    for (const s of t.sites) bySiteTrial.set(s.nct_id, (bySiteTrial.get(s.nct_id) ?? 0) + 1);
    for (const x of t.trials) expect(x.location_count).toBe(bySiteTrial.get(x.nct_id) ?? 0);
    expect(t.trials.some((x) => x.location_count === 0)).toBe(true);
    expect(t.trials.some((x) => x.location_count >= 100)).toBe(true);

    const us = t.sites.filter((s) => isUsCountry(s.country));
    const world = t.sites.filter((s) => !isUsCountry(s.country));
    expect(us.length).toBeGreaterThan(t.sites.length * 0.3);
    expect(world.length).toBeGreaterThan(t.sites.length * 0.2);
    expect(distinct(world.map((s) => s.country)).size).toBeGreaterThan(10);
    for (const s of us) {
      expect(US_STATES[s.state!], s.state!).toBeDefined();
      if (s.zip && s.geo_precision !== 'none') {
        const z = zipcodes.lookup(s.zip)!;
        expect([z.latitude, z.longitude, z.city, z.state]).toEqual([
          s.latitude,
          s.longitude,
          s.city,
          s.state,
        ]);
      }
    }
    const none = t.sites.filter((s) => s.geo_precision === 'none').length / t.sites.length;
    expect(none).toBeGreaterThan(0.01);
    expect(none).toBeLessThan(0.04);
    expect(distinct(t.sites.map((s) => s.geo_precision))).toEqual(
      new Set(['site', 'zip', 'city', 'none']),
    );
    for (const s of t.sites) {
      if (s.geo_precision === 'none') {
        expect([s.latitude, s.longitude, s.h3_cell]).toEqual([null, null, null]);
      } else {
        expect(getResolution(s.h3_cell!)).toBe(SITE_H3_RESOLUTION);
        expect(s.h3_cell).toBe(latLngToCell(s.latitude!, s.longitude!, SITE_H3_RESOLUTION));
      }
    }
    for (const [id, n] of bySiteTrial) {
      const idx = t.sites.filter((s) => s.nct_id === id).map((s) => s.site_index);
      expect(idx).toEqual([...Array(n).keys()]);
    }
  });

  it('lists the 20 sources with the trials attributed to them, and sponsor-only trials under their sponsor', () => {
    expect(t.sources.map((s) => s.slug)).toEqual(ALL_SOURCES.map((s) => s.slug));
    for (const s of t.sources) {
      const n = t.trials.filter(
        (x) => x.source === s.slug || x.pharma_source_slug === s.slug,
      ).length;
      expect(s.trial_count, s.slug).toBe(n);
      expect(s.trial_count, s.slug).toBeGreaterThan(0);
    }
    const sponsorOnly = t.trials.filter((x) => x.source !== 'ctgov');
    expect(sponsorOnly.length).toBeGreaterThanOrEqual(3);
    for (const x of sponsorOnly) {
      expect(x.nct_id).toMatch(/^DEMO-/);
      expect(x.nct_id).not.toMatch(/^DEMO-\d{6}$/);
      expect(x.pharma_source_slug).toBe(x.source);
      expect(x.url).toBe(x.pharma_url);
    }
    const linked = t.trials.filter((x) => x.source === 'ctgov' && x.pharma_url);
    expect(linked.length).toBeGreaterThan(10);
    for (const x of linked) expect(x.pharma_url).toContain(`/sponsors/${x.pharma_source_slug}/`);
  });

  it('raises flags of several kinds, each justified by the data where it can be', () => {
    const kinds = distinct(t.flags.map((f) => f.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(6);
    for (const k of kinds) expect(FLAG_KINDS).toContain(k);
    const byId = new Map(t.trials.map((x) => [x.nct_id, x]));
    for (const f of t.flags) {
      if (f.kind === 'age_bounds_inverted')
        expect(byId.get(f.nct_id!)!.age_min! > byId.get(f.nct_id!)!.age_max!).toBe(true);
      if (f.kind === 'missing_eligibility')
        expect(byId.get(f.nct_id!)!.inclusion_criteria).toBeNull();
      if (f.kind === 'stale_record') expect(byId.get(f.nct_id!)!.status_bucket).toBe('recruiting');
      if (f.nct_id === null) expect(['bad_source_row', 'page_shape_changed']).toContain(f.kind);
    }
  });
});
