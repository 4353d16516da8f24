/**
 * The project's own synthetic dataset: lung cancer trials that look and behave like the
 * registry's (every status, phase, sex, age pattern, NSCLC and SCLC with stage signals,
 * biomarker criteria, US and world sites) but whose ids ("DEMO-000123"), titles
 * ("[Demo] ...") and sponsors ("... (demo)") cannot be mistaken for real ones.
 * Deterministic for a given seed, scale and `now`.
 */
import { createHash } from 'node:crypto';
import type {
  BiomarkerRow,
  FlagRow,
  SiteRow,
  SnapshotTables,
  SourceRow,
  TrialRow,
} from '../../domain/rows.js';
import { phaseLabel } from '../../domain/phase.js';
import { ALL_SOURCES, REGISTRY_SOURCE, sourceBySlug } from '../../domain/sources.js';
import { mapRegistryStatus } from '../../domain/status.js';
import { planBiomarkers, type BiomarkerPlan } from './biomarker-plan.js';
import { CoveringChooser } from './chooser.js';
import { DemoRandom } from './random.js';
import {
  DEFAULT_DEMO_SEED,
  DEMO_BASE_URL,
  SCALE_TARGETS,
  demoTrialId,
  type DemoScale,
} from './scale.js';
import { SiteFactory, planSiteCounts } from './sites.js';
import { sponsorStudyId } from './sponsor-ids.js';
import { buildTrialText, type TrialText } from './trial-text.js';
import { isoDate, planTrial, type TrialPlan } from './trial-plan.js';
import { ACADEMIC_SPONSORS } from './vocabulary.js';

export interface DemoOptions {
  /** `demo`: ~300 trials; `full`: the contract's 14,534 trials. @defaultValue 'demo' */
  scale?: DemoScale;
  /** @defaultValue 'lungtrials-demo' */
  seed?: string;
  /** Reference date for statuses and dates. @defaultValue today, 00:00 UTC */
  now?: Date;
}

/** A generated trial with everything the registry dump also needs. */
export interface DemoTrial {
  plan: TrialPlan;
  text: TrialText;
  trial: TrialRow;
  sites: SiteRow[];
}

export interface DemoDataset {
  trials: DemoTrial[];
  tables: SnapshotTables;
}

const STALE_DAYS = 730;

export function generateDemoTables(opts: DemoOptions = {}): SnapshotTables {
  return generateDemoDataset(opts).tables;
}

export function generateDemoDataset(opts: DemoOptions = {}): DemoDataset {
  const scale = opts.scale ?? 'demo';
  const target = SCALE_TARGETS[scale];
  if (!target) throw new Error(`demo: unknown scale ${String(scale)} (expected demo or full)`);
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const now = startOfUtcDay(opts.now ?? new Date());
  const rng = new DemoRandom(`${seed}:${scale}`);
  const chooser = new CoveringChooser(rng);
  const ctx = { rng, chooser, now, trials: target.trials, academicSponsors: ACADEMIC_SPONSORS };

  // Sponsor-only trials are spread evenly, so both scales have a few wherever they start.
  const sponsorOnlyCount = Math.max(3, Math.round(target.trials * 0.006));
  const sponsorOnlyStep = Math.floor(target.trials / sponsorOnlyCount);
  const usedIds = new Set<string>();
  const plans: TrialPlan[] = [];
  for (let i = 0; i < target.trials; i++) {
    const sponsorOnly = i % sponsorOnlyStep === 3 && i < sponsorOnlyStep * sponsorOnlyCount;
    const plan = planTrial(i, demoTrialId(i), ctx, sponsorOnly);
    if (sponsorOnly) plan.nct_id = uniqueSponsorId(plan, rng, usedIds);
    // About 1 in 100 registry records has no eligibility text (the missing_eligibility flag).
    if (i % 97 === 50) plan.has_eligibility = false;
    // One record with its age bounds the wrong way round, as registries occasionally have.
    if (i === 11) [plan.age_min, plan.age_max] = [75, 18];
    plans.push(plan);
  }

  const biomarkers = planBiomarkers(
    plans,
    { rows: target.biomarkerRows, trials: target.biomarkerTrials },
    rng,
  );
  const siteCounts = planSiteCounts(plans, target.sites, rng);
  const siteFactory = new SiteFactory(rng);

  const trials: DemoTrial[] = plans.map((plan, i) => {
    const bio = biomarkers.get(plan.index);
    const text = buildTrialText(plan, bio, rng);
    const sites = siteFactory.sitesFor(plan, siteCounts[i]);
    return { plan, text, sites, trial: trialRow(plan, text, sites.length) };
  });

  const tables: SnapshotTables = {
    trials: trials.map((t) => t.trial),
    sites: trials.flatMap((t) => t.sites),
    biomarkers: trials.flatMap((t) => biomarkerRows(t, biomarkers.get(t.plan.index))),
    flags: flagRows(trials, now, rng),
    sources: sourceRows(trials.map((t) => t.trial)),
  };
  return { trials, tables };
}

function startOfUtcDay(d: Date): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

function uniqueSponsorId(plan: TrialPlan, rng: DemoRandom, used: Set<string>): string {
  for (;;) {
    const id = sponsorStudyId(plan.pharma!.slug, rng);
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

function trialRow(plan: TrialPlan, text: TrialText, locationCount: number): TrialRow {
  const { status, bucket } = mapRegistryStatus(plan.overall_status);
  const sponsorPage =
    plan.pharma && plan.on_sponsor_registry
      ? `${DEMO_BASE_URL}/sponsors/${plan.pharma.slug}/${encodeURIComponent(plan.nct_id)}`
      : null;
  const row: Omit<TrialRow, 'content_hash'> = {
    nct_id: plan.nct_id,
    brief_title: text.brief_title,
    official_title: text.official_title,
    brief_summary: text.brief_summary,
    detailed_description: text.detailed_description,
    plain_language_summary: text.plain_language_summary,
    phases: plan.phases,
    phase: phaseLabel(plan.phases),
    study_type: plan.study_type,
    overall_status: plan.overall_status,
    status,
    status_bucket: bucket,
    sponsor: plan.sponsor,
    conditions: text.conditions,
    keywords: text.keywords,
    mesh_terms: text.mesh.map((m) => m.term),
    interventions: text.interventions,
    enrollment: plan.enrollment,
    age_min: plan.age_min,
    age_max: plan.age_max,
    sex: plan.sex,
    inclusion_criteria: text.inclusion_criteria,
    exclusion_criteria: text.exclusion_criteria,
    study_start: isoDate(plan.dates.study_start),
    first_posted: isoDate(plan.dates.first_posted),
    primary_completion: isoDate(plan.dates.primary_completion),
    study_completion: isoDate(plan.dates.study_completion),
    last_updated: isoDate(plan.dates.last_updated),
    primary_outcomes: text.primary_outcomes,
    secondary_outcomes: text.secondary_outcomes,
    study_documents: text.study_documents,
    publications: text.publications,
    url: plan.sponsor_only ? sponsorPage! : `${DEMO_BASE_URL}/trials/${plan.nct_id}`,
    pharma_url: sponsorPage,
    pharma_source_slug: sponsorPage ? plan.pharma!.slug : null,
    source: plan.sponsor_only ? plan.pharma!.slug : REGISTRY_SOURCE.slug,
    diagnosis_types: plan.diagnosis_types,
    // Every demo trial is a lung cancer trial; 'none' plans are the ones with no type signal.
    lung_cancer: true,
    sclc_stages: plan.sclc_stages,
    nsclc_stages: plan.nsclc_stages,
    population: 'lung_cancer',
    excluded_types: [],
    admitted_types: plan.diagnosis_types.length > 0 ? plan.diagnosis_types : ['nsclc', 'sclc'],
    location_count: locationCount,
  };
  return { ...row, content_hash: createHash('sha256').update(JSON.stringify(row)).digest('hex') };
}

function biomarkerRows(t: DemoTrial, bio: BiomarkerPlan | undefined): BiomarkerRow[] {
  if (!bio) return [];
  return bio.set.clauses.flatMap((c) =>
    c.rows.map((r) => ({
      nct_id: t.plan.nct_id,
      ...r,
      section: c.section,
      source_text: c.sentence,
      scope: 'lung' as const,
      // A demo trial has one cohort: its required markers are required together.
      group: r.requirement === 'required' ? 1 : null,
    })),
  );
}

/** A trial counts for every source that lists it: its owner and the sponsor registry that links it. */
export function sourceRows(trials: readonly TrialRow[]): SourceRow[] {
  const counts = new Map<string, number>();
  for (const t of trials) {
    const slugs = new Set([t.source, t.pharma_source_slug].filter((s): s is string => s !== null));
    for (const s of slugs) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return ALL_SOURCES.map((s) => ({ ...s, trial_count: counts.get(s.slug) ?? 0 }));
}

/**
 * Flags the data itself calls for (stale, unplaceable, inverted ages, no eligibility),
 * plus a few of the kinds only a real import produces (status disagreement, duplicate,
 * bad sponsor row, changed page), so every kind has rows to show.
 */
function flagRows(trials: readonly DemoTrial[], now: number, rng: DemoRandom): FlagRow[] {
  const flags: FlagRow[] = [];
  const staleBefore = isoDate(now - STALE_DAYS * 86_400_000)!;
  for (const { trial, sites } of trials) {
    if (
      trial.status_bucket === 'recruiting' &&
      trial.last_updated !== null &&
      trial.last_updated < staleBefore
    ) {
      flags.push({
        nct_id: trial.nct_id,
        source: trial.source,
        kind: 'stale_record',
        severity: 'warning',
        message: `Recruiting but last updated ${trial.last_updated}`,
        details: JSON.stringify({ last_updated: trial.last_updated }),
      });
    }
    if (sites.length > 0 && sites.every((s) => s.geo_precision === 'none')) {
      flags.push({
        nct_id: trial.nct_id,
        source: trial.source,
        kind: 'no_geocodable_site',
        severity: 'info',
        message: `None of ${sites.length} site(s) could be placed on the map`,
        details: null,
      });
    }
    if (trial.age_min !== null && trial.age_max !== null && trial.age_min > trial.age_max) {
      flags.push({
        nct_id: trial.nct_id,
        source: trial.source,
        kind: 'age_bounds_inverted',
        severity: 'warning',
        message: `Minimum age ${trial.age_min} is above maximum age ${trial.age_max}`,
        details: JSON.stringify({ age_min: trial.age_min, age_max: trial.age_max }),
      });
    }
    if (trial.inclusion_criteria === null && trial.exclusion_criteria === null) {
      flags.push({
        nct_id: trial.nct_id,
        source: trial.source,
        kind: 'missing_eligibility',
        severity: 'info',
        message: 'No eligibility criteria text',
        details: null,
      });
    }
  }
  const linked = trials.filter((t) => t.trial.pharma_source_slug && t.trial.source === 'ctgov');
  const extra = Math.max(2, Math.round(trials.length / 1500));
  for (const t of rng.sample(linked, extra)) {
    flags.push({
      nct_id: t.trial.nct_id,
      source: t.trial.pharma_source_slug!,
      kind: 'status_disagreement',
      severity: 'warning',
      message: 'Sponsor registry and ClinicalTrials.gov disagree on status',
      details: JSON.stringify({
        registry: t.trial.overall_status,
        sponsor: 'Active, not recruiting',
      }),
    });
  }
  for (const t of rng.sample(linked, extra)) {
    flags.push({
      nct_id: t.trial.nct_id,
      source: t.trial.pharma_source_slug!,
      kind: 'duplicate_trial',
      severity: 'info',
      message: 'Trial arrived from the registry and a sponsor registry; merged by id',
      details: JSON.stringify({ sources: ['ctgov', t.trial.pharma_source_slug] }),
    });
  }
  const csvSponsor = sourceBySlug('astrazeneca')!;
  const webSponsor = sourceBySlug('merck')!;
  for (let k = 0; k < extra; k++) {
    flags.push({
      nct_id: null,
      source: csvSponsor.slug,
      kind: 'bad_source_row',
      severity: 'error',
      message: `CSV row ${40 + k} has no study id and no title`,
      details: JSON.stringify({
        row: 40 + k,
        values: { 'Study ID': '', Title: '', Status: 'Recruiting' },
      }),
    });
  }
  flags.push({
    nct_id: null,
    source: webSponsor.slug,
    kind: 'page_shape_changed',
    severity: 'error',
    message: 'Trial list page no longer matches the adapter selectors',
    details: JSON.stringify({
      url: `${DEMO_BASE_URL}/sponsors/${webSponsor.slug}/list`,
      missing: ['.trial-card'],
    }),
  });
  return flags;
}
