/**
 * `npm run eval:patients`: the patient-level evaluation of GET /match. The trials of
 * truth.json are read from ../shared/data/ctgov (never copied here), run through the
 * pipeline's own enrichment (diagnosis, population, biomarker rows with requirement groups),
 * indexed as the API indexes a snapshot, and searched with /match's own search for each
 * profile. A trial counts as returned when its status is eligible or needs_testing; the
 * expected answers come from truth.ts. Prints precision and recall per profile and pooled.
 */
import { searchMatches } from '../../api/query/match-search.js';
import type { MatchStatus } from '../../api/query/match.js';
import { buildTrialIndex, type TrialIndex } from '../../api/query/trial-index.js';
import { MAX_LIMIT, type TrialQuery } from '../../api/params/parameters.js';
import { parsePatientQuery, parseTrialsQuery } from '../../api/params/trials-query.js';
import { searchTrials } from '../../api/query/search.js';
import { parseStudyType } from '../../domain/phase.js';
import type { TrialRecord, TrialRow } from '../../domain/rows.js';
import { STATUS_BUCKETS } from '../../domain/status.js';
import {
  loadCorpus,
  MissingDataError,
  type CorpusTrial,
} from '../../pipeline/biomarkers/eval/corpus.js';
import { enrichRecords } from '../../pipeline/enrich.js';
import {
  entersThroughMarker,
  expectedStatus,
  loadTruth,
  type Profile,
  type Truth,
} from './truth.js';
import { unclassified } from '../../diagnosis/classify.js';

/** A recruiting trial row holding what the corpus has: ids, titles, conditions, keywords, study type, criteria. */
function trialRowOf(t: CorpusTrial): TrialRow {
  return {
    nct_id: t.nct_id,
    brief_title: t.title ?? null,
    official_title: t.official_title ?? null,
    brief_summary: null,
    detailed_description: null,
    plain_language_summary: null,
    phases: [],
    phase: null,
    study_type: parseStudyType(t.study_type) ?? 'Interventional',
    overall_status: 'RECRUITING',
    status: 'Recruiting',
    status_bucket: 'recruiting',
    sponsor: null,
    conditions: t.conditions ?? [],
    keywords: t.keywords ?? [],
    mesh_terms: [],
    interventions: [],
    enrollment: null,
    age_min: null,
    age_max: null,
    sex: 'ALL',
    inclusion_criteria: t.inclusion,
    exclusion_criteria: t.exclusion,
    study_start: null,
    first_posted: null,
    primary_completion: null,
    study_completion: null,
    last_updated: null,
    primary_outcomes: [],
    secondary_outcomes: [],
    study_documents: [],
    publications: [],
    url: `https://clinicaltrials.gov/study/${t.nct_id}`,
    pharma_url: null,
    pharma_source_slug: null,
    source: 'ctgov',
    // Filled by the diagnosis stage.
    ...unclassified(),
    location_count: 0,
    content_hash: t.nct_id,
  };
}

function buildIndex(truth: Truth): TrialIndex {
  const corpus = loadCorpus();
  const records: TrialRecord[] = Object.keys(truth.trials).map((id) => {
    const t = corpus.get(id);
    if (!t) throw new MissingDataError(`truth.json trial ${id} is not in the shared records`);
    return { trial: trialRowOf(t), sites: [] };
  });
  const { records: enriched, biomarkers } = enrichRecords(records);
  return buildTrialIndex({
    trials: enriched.map((r) => r.trial),
    sites: [],
    biomarkers,
    flags: [],
    sources: [],
  });
}

/** The profile as /match query-string values, read by the REST validator itself. */
function matchQuery(p: Profile): TrialQuery {
  return parsePatientQuery({
    diagnosisType: p.diagnosisType,
    ...(p.stage ? { stage: p.stage } : {}),
    ...(p.markers.length ? { markers: p.markers.join(',') } : {}),
    ...(p.negativeFor.length ? { negativeFor: p.negativeFor.join(',') } : {}),
    statusBuckets: STATUS_BUCKETS.join(','),
    includeIneligible: 'true',
    limit: String(MAX_LIMIT),
  });
}

interface Score {
  tp: number;
  fp: number;
  fn: number;
  agree: number;
  scored: number;
  mistakes: string[];
}

const returned = (s: MatchStatus | null) => s === 'eligible' || s === 'needs_testing';
const ratio = (a: number, b: number) => (b === 0 ? '   -' : (a / b).toFixed(2));

function scoreProfile(truth: Truth, index: TrialIndex, p: Profile): Score {
  const got = new Map<string, MatchStatus>();
  for (const hit of searchMatches(index, matchQuery(p)).hits)
    got.set(index.nctIds[hit.rank], hit.verdict.status);
  const s: Score = { tp: 0, fp: 0, fn: 0, agree: 0, scored: 0, mistakes: [] };
  for (const [id, trial] of Object.entries(truth.trials)) {
    const want = expectedStatus(trial, p);
    if (want === null) continue;
    s.scored++;
    const have = got.get(id) ?? 'ineligible';
    if (returned(want) && returned(have)) {
      s.tp++;
      if (want === have) s.agree++;
      else s.mistakes.push(`${id} ${have} (expected ${want})`);
    } else if (returned(have)) {
      s.fp++;
      s.mistakes.push(`${id} ${have} (expected ineligible)`);
    } else if (returned(want)) {
      s.fn++;
      s.mistakes.push(`${id} left out (expected ${want})`);
    }
  }
  return s;
}

/** The profile's positives as the /trials marker filter takes them, with its type and stage. */
function markerFilterQuery(p: Profile): TrialQuery {
  return parseTrialsQuery({
    diagnosisType: p.diagnosisType,
    ...(p.stage ? { stage: p.stage } : {}),
    mutations: p.markers.join(','),
    statusBuckets: STATUS_BUCKETS.join(','),
    limit: String(MAX_LIMIT),
  });
}

interface FilterScore {
  returned: number;
  right: number;
  wanted: number;
  found: number;
  mistakes: string[];
}

function scoreMarkerFilter(truth: Truth, index: TrialIndex, p: Profile): FilterScore {
  const got = new Set(
    searchTrials(index, markerFilterQuery(p)).hits.map((h) => index.nctIds[h.rank]),
  );
  const s: FilterScore = { returned: 0, right: 0, wanted: 0, found: 0, mistakes: [] };
  for (const [id, trial] of Object.entries(truth.trials)) {
    const want = expectedStatus(trial, p);
    if (want === null) continue;
    if (got.has(id)) {
      s.returned++;
      if (returned(want)) s.right++;
      else s.mistakes.push(`${id} returned (expected ineligible)`);
    }
    if (entersThroughMarker(trial, p)) {
      s.wanted++;
      if (got.has(id)) s.found++;
      else s.mistakes.push(`${id} left out (expected ${want} through a marker)`);
    }
  }
  return s;
}

/**
 * The same profiles through GET /trials' marker filter (`mutations` = the positives, any of
 * them), as the issue's outside check asked them: precision over the trials the filter
 * returns (could the patient enter, now or after a test), recall over the trials the patient
 * could enter through a cohort requiring a marker it has (truth.ts entersThroughMarker).
 */
function printMarkerFilter(truth: Truth, index: TrialIndex, verbose: boolean): void {
  console.log(
    '\n| profile (marker filter) | returned | entered by a marker | precision | recall |',
  );
  console.log('|---|---|---|---|---|');
  const total: FilterScore = { returned: 0, right: 0, wanted: 0, found: 0, mistakes: [] };
  const profiles = truth.profiles.filter((p) => p.markers.length > 0);
  for (const p of profiles) {
    const s = scoreMarkerFilter(truth, index, p);
    for (const k of ['returned', 'right', 'wanted', 'found'] as const) total[k] += s[k];
    console.log(
      `| ${p.id} ${p.markers.join(', ')} | ${s.returned} | ${s.wanted} | ` +
        `${ratio(s.right, s.returned)} | ${ratio(s.found, s.wanted)} |`,
    );
    if (verbose) for (const m of s.mistakes) console.log(`|   ${m} | | | | |`);
  }
  console.log(
    `| pooled (${profiles.length} profiles with a marker) | ${total.returned} | ${total.wanted} | ` +
      `${ratio(total.right, total.returned)} | ${ratio(total.found, total.wanted)} |`,
  );
}

function main(): void {
  const truth = loadTruth();
  const index = buildIndex(truth);
  const verbose = process.argv.includes('--verbose');
  const total: Score = { tp: 0, fp: 0, fn: 0, agree: 0, scored: 0, mistakes: [] };
  console.log(`| profile | returned | expected | precision | recall | status agreement |`);
  console.log(`|---|---|---|---|---|---|`);
  for (const p of truth.profiles) {
    const s = scoreProfile(truth, index, p);
    for (const k of ['tp', 'fp', 'fn', 'agree', 'scored'] as const) total[k] += s[k];
    console.log(
      `| ${p.id} ${p.label} | ${s.tp + s.fp} | ${s.tp + s.fn} | ${ratio(s.tp, s.tp + s.fp)} | ` +
        `${ratio(s.tp, s.tp + s.fn)} | ${ratio(s.agree, s.tp)} |`,
    );
    if (verbose) for (const m of s.mistakes) console.log(`|   ${m} | | | | | |`);
  }
  console.log(
    `| pooled (${truth.profiles.length} profiles, ${total.scored} scored pairs) | ` +
      `${total.tp + total.fp} | ${total.tp + total.fn} | ${ratio(total.tp, total.tp + total.fp)} | ` +
      `${ratio(total.tp, total.tp + total.fn)} | ${ratio(total.agree, total.tp)} |`,
  );
  printMarkerFilter(truth, index, verbose);
}

try {
  main();
} catch (err) {
  if (err instanceof MissingDataError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
