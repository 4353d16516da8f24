/**
 * Response bodies as zod schemas: the one declaration of the wire shapes. The presenters'
 * types and field lists (api/present.ts: z.output, .keyof()), the OpenAPI document
 * (api/openapi/document.ts), /docs and the tests that parse real responses all read them.
 *
 * To add a response field: add it here, then the type-check asks the presenter in
 * api/present.ts for it; test/api/openapi.test.ts parses served bodies with these strict
 * schemas.
 */
import { z } from 'zod';
import {
  BIOMARKER_SCOPES,
  COMPARATORS,
  GENES,
  PDL1_METRICS,
  REQUIREMENTS,
} from '../../domain/biomarkers.js';
import { DIAGNOSIS_TYPES, NSCLC_STAGES, POPULATIONS, SCLC_STAGES } from '../../domain/diagnosis.js';
import { GEO_PRECISIONS, STATE_SOURCES } from '../../domain/geo.js';
import { FLAG_KINDS, FLAG_SEVERITIES } from '../../domain/flags.js';
import { STUDY_TYPES } from '../../domain/phase.js';
import { SEXES } from '../../domain/sex.js';
import { TRIAL_STATUSES } from '../../domain/status.js';
import { TIERS } from '../../domain/tiers.js';
import { CHANGE_KINDS, TABLE_NAMES } from '../../domain/rows.js';
import { ERROR_CODES } from '../errors.js';
import { FILTER_PARAMETERS } from '../params/parameters.js';
import { SOURCES_PHRASE } from '../../domain/sources.js';

/** Locations shown in `locations_sample`; the contract caps it at five. */
export const LOCATIONS_SAMPLE_SIZE = 5;

const text = (description: string) => z.string().nullable().meta({ description });
const isoDate = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .meta({ description: `${description} (YYYY-MM-DD)`, format: 'date' });
const strings = (description: string) => z.array(z.string()).meta({ description });

const STATE_TEXT =
  'two-letter code for US sites, the registry text elsewhere; for a US site whose record gives ' +
  'none, the state of the place the site was geocoded to (see state_source)';
const stateSource = () =>
  z
    .enum(STATE_SOURCES)
    .nullable()
    .meta({
      description:
        'record: the record gives the state; geocode: the record gives none and it is the state ' +
        "of the resolved place (its ZIP, or the town its name and the trial's other evidence " +
        'point to); null when state is null',
    });
const GEO_PRECISION_TEXT =
  "how the point was found: the registry's own coordinates (site), the centroid of the US ZIP " +
  '(zip), the town (city), or not at all (none: no coordinates, never in a radius search). A ' +
  'US town several states share is placed only when the record says which (else none)';

export const LocationSchema = z
  .object({
    facility: text('site name as the source gives it'),
    city: z.string().nullable(),
    state: text(STATE_TEXT),
    state_source: stateSource(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
    status: text(
      "the site's own recruitment status as the registry gives it (e.g. RECRUITING), null when not stated",
    ),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    geo_precision: z.enum(GEO_PRECISIONS).meta({ description: GEO_PRECISION_TEXT }),
  })
  .meta({ id: 'Location', description: 'A trial site.' });

export const NearestSiteSchema = z
  .object({
    facility: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable().meta({ description: STATE_TEXT }),
    state_source: stateSource(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
    status: z
      .string()
      .nullable()
      .meta({
        description:
          "the site's own recruitment status as the registry gives it (RECRUITING, " +
          'NOT_YET_RECRUITING ...); null when not stated',
      }),
    latitude: z.number(),
    longitude: z.number(),
    geo_precision: z.enum(GEO_PRECISIONS).meta({ description: GEO_PRECISION_TEXT }),
  })
  .meta({
    id: 'NearestSite',
    description: 'ZIP + radius searches only: the trial site nearest the ZIP centroid.',
  });

export const BiomarkerSchema = z
  .object({
    gene: z.enum(GENES),
    alteration: text(
      'canonical alteration id (e.g. L858R, EX19DEL, FUSION), null for a gene-level requirement',
    ),
    requirement: z.enum(REQUIREMENTS),
    metric: z.enum(PDL1_METRICS).nullable().meta({ description: 'PD-L1 only: TPS or CPS' }),
    comparator: z.enum(COMPARATORS).nullable(),
    cutoff: z.number().nullable(),
    cutoff_high: z
      .number()
      .nullable()
      .meta({ description: "upper bound when comparator is 'between'" }),
    section: z.string().meta({
      description: 'where it was found: inclusion, exclusion, title, conditions or keywords',
    }),
    source_text: z.string().meta({ description: 'the sentence it was extracted from' }),
    scope: z.enum(BIOMARKER_SCOPES).meta({
      description:
        "'lung': gates entry for a lung cancer patient; 'other_tumour': qualifies another " +
        "tumour type's cohort of a basket trial (e.g. 'HER2-negative breast carcinoma') and " +
        'never matches the biomarkers/mutations/PD-L1 filters',
    }),
  })
  .meta({
    id: 'Biomarker',
    description: 'A structured biomarker requirement extracted from the eligibility text.',
  });

/** The trial fields whose text the diagnosis and stage evidence quotes (api/query/evidence.ts). */
export const EVIDENCE_SOURCE_FIELDS = [
  'conditions',
  'mesh_terms',
  'keywords',
  'brief_title',
  'official_title',
  'inclusion_criteria',
  'exclusion_criteria',
] as const;

const signalEvidence = <const T extends readonly [string, ...string[]]>(values: T, id: string) =>
  z
    .object({
      value: z.enum(values),
      field: z.enum(EVIDENCE_SOURCE_FIELDS).meta({
        description:
          'the trial field holding the text (brief_title is the registry brief title, not in the representations)',
      }),
      text: z.string().meta({
        description:
          'the condition, title, keyword or criteria line the classifier reads as this signal',
      }),
    })
    .meta({ id });

export const TrialEvidenceSchema = z
  .object({
    diagnosis_types: z.array(signalEvidence(DIAGNOSIS_TYPES, 'DiagnosisTypeEvidence')),
    sclc_stages: z.array(signalEvidence(SCLC_STAGES, 'SclcStageEvidence')),
    nsclc_stages: z.array(signalEvidence(NSCLC_STAGES, 'NsclcStageEvidence')),
    population: z.array(signalEvidence(POPULATIONS, 'PopulationEvidence')),
    excluded_types: z.array(signalEvidence(DIAGNOSIS_TYPES, 'ExcludedTypeEvidence')),
  })
  .meta({
    id: 'TrialEvidence',
    description:
      "The text behind each of the trial's diagnosis type, stage and population signals, and " +
      'the criteria lines that rule a lung cancer type out.',
  });

export const EvidenceTextSchema = z
  .object({
    field: z.string().meta({
      description:
        "a biomarker row's section, or the trial field behind a diagnosis or stage signal",
    }),
    text: z.string().meta({ description: "the row's source_text, or that field's text" }),
  })
  .meta({ id: 'Evidence' });

export const CriterionRowSchema = BiomarkerSchema.extend({
  criterion: z.string().meta({
    description: 'the asked marker this row answers: GENE, GENE:ALTERATION or PD-L1:<range>',
    examples: ['KRAS:G12C'],
  }),
}).meta({
  id: 'CriterionBiomarker',
  description: 'A biomarker row of the trial with the request criterion it bears on.',
});

export const FilterExplanationSchema = z
  .object({
    parameter: z
      .enum([...FILTER_PARAMETERS, 'zip'])
      .meta({ description: 'the query parameter; zip stands for zip + radius' }),
    value: z.string().meta({
      description: 'the value searched, canonical spelling (default status buckets included)',
    }),
    met: z.boolean(),
    reason: z.string().meta({ description: 'how the trial meets (or misses) it, in words' }),
    evidence: z.array(EvidenceTextSchema),
  })
  .meta({ id: 'FilterExplanation' });

export const ExplainedNearestSiteSchema = NearestSiteSchema.extend({
  distance_miles: z.number().meta({ description: 'miles from the ZIP centroid, rounded to 0.1' }),
});

export const TrialMatchSchema = z
  .object({
    filters: z
      .array(FilterExplanationSchema)
      .meta({ description: 'one entry per filter in effect' }),
    biomarkers: z.object({
      matched: z.array(CriterionRowSchema).meta({
        description:
          'required rows satisfying an asked marker (rows of a non-lung cohort never appear)',
      }),
      excluding: z.array(CriterionRowSchema).meta({
        description: 'rows that would exclude a patient with an asked marker; never a match',
      }),
    }),
    nearest_site: ExplainedNearestSiteSchema.nullable().meta({
      id: 'ExplainedNearestSite',
      description: 'ZIP + radius only: the nearest site; null otherwise',
    }),
  })
  .meta({
    id: 'TrialMatch',
    description: 'Why the trial matches the request: every filter with its verdict and evidence.',
  });

export const FlagSchema = z
  .object({ kind: z.enum(FLAG_KINDS), severity: z.enum(FLAG_SEVERITIES), message: z.string() })
  .meta({ id: 'Flag', description: 'A data-quality flag the pipeline raised for the trial.' });

const nameTypeDescription = {
  type: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
};
const OutcomeSchema = z
  .object({
    measure: z.string(),
    time_frame: z.string().nullable(),
    description: z.string().nullable(),
  })
  .meta({ id: 'Outcome' });

const listTrialShape = {
  nct_id: z.string().meta({
    description: 'registry id (NCT...) or, for a sponsor-only trial, the sponsor study id',
    examples: ['NCT01234567'],
  }),
  brief_title: text("the registry's short title; present on trials that have no official_title"),
  official_title: z.string().nullable(),
  brief_summary: z.string().nullable(),
  phase: text('display label of the phases, e.g. "Phase I/II"'),
  status: z
    .enum(TRIAL_STATUSES)
    .nullable()
    .meta({
      description:
        'status label; null when the registry status is unknown. Buckets: Recruiting, Not yet ' +
        "recruiting and Enrolling are 'recruiting'; Active 'active'; Completed and Closed " +
        "'completed'",
    }),
  overall_status: text(
    "the source's own status value: a ClinicalTrials.gov overallStatus (RECRUITING, " +
      "NOT_YET_RECRUITING, SUSPENDED, TERMINATED, WITHDRAWN ...) or a sponsor's status text",
  ),
  sponsor: z.string().nullable(),
  conditions: strings('conditions studied'),
  population: z.enum(POPULATIONS).meta({
    description:
      'who the trial is for: lung_cancer (patients with lung cancer), pan_tumour (solid tumours, ' +
      'or several tumour types lung among them), screening (screening, early detection or ' +
      'prevention in people without cancer), other_tumour (another tumour type only). ' +
      'diagnosisType, stage and /match keep lung_cancer and pan_tumour trials',
  }),
  url: z.string().meta({
    description: 'registry or sponsor page; present on every trial. Link patients here.',
    format: 'uri',
  }),
  pharma_url: text('the sponsor registry page, when a sponsor lists the trial'),
  pharma_source_slug: text('slug of that sponsor source (see /sources)'),
  study_type: z.enum(STUDY_TYPES).nullable(),
  study_start: isoDate('study start'),
  first_posted: isoDate('first posted on the registry'),
  primary_completion: isoDate('primary completion'),
  last_updated: isoDate('last update posted'),
  location_count: z.number().int().meta({ description: 'number of sites of the trial' }),
  locations_sample: z
    .array(LocationSchema)
    .max(LOCATIONS_SAMPLE_SIZE)
    .meta({
      description:
        `at most ${LOCATIONS_SAMPLE_SIZE} sites: the first in record order; in a ZIP + radius ` +
        `search the nearest to the ZIP centroid, nearest first`,
    }),
};

export const ListTrialSchema = z
  .object(listTrialShape)
  .meta({ id: 'TrialListItem', description: 'A trial in the list representation.' });

const explainedShape = { match: TrialMatchSchema.meta({ description: 'explain=true only' }) };
export const ExplainedListTrialSchema = z
  .object({ ...listTrialShape, ...explainedShape })
  .meta({ id: 'TrialListItemExplained', description: 'A trial of an explain=true search.' });

/** A list item of a ZIP + radius search: the list fields plus the nearest site and its distance. */
export const ZipListTrialSchema = z
  .object({
    ...listTrialShape,
    nearest_site: NearestSiteSchema,
    distance_miles: z
      .number()
      .meta({ description: 'miles from the ZIP centroid to nearest_site, rounded to 0.1' }),
  })
  .meta({ id: 'TrialListItemNear', description: 'A trial of a ZIP + radius search.' });

export const ExplainedZipListTrialSchema = ZipListTrialSchema.extend(explainedShape).meta({
  id: 'TrialListItemNearExplained',
  description: 'A trial of an explain=true ZIP + radius search.',
});

export const DetailTrialSchema = z
  .object({
    ...listTrialShape,
    detailed_description: z.string().nullable(),
    conditions_arr: strings('the same array as conditions'),
    intervention: z.array(z.object(nameTypeDescription).meta({ id: 'Intervention' })),
    enrollment: z.number().int().nullable(),
    age_min: z.number().nullable().meta({ description: 'years; null when open' }),
    age_max: z.number().nullable().meta({ description: 'years; null when open' }),
    sexes_eligible: z.enum(SEXES),
    inclusion_criteria: z.string().nullable(),
    exclusion_criteria: z.string().nullable(),
    mesh_terms: z.array(z.string()),
    keywords: z.array(z.string()),
    study_completion: isoDate('study completion'),
    source: z
      .string()
      .meta({ description: 'slug of the source that owns the record: ctgov or a sponsor slug' }),
    plain_language_summary: z.string().nullable(),
    primary_outcomes: z.array(OutcomeSchema),
    secondary_outcomes: z.array(OutcomeSchema),
    study_documents: z.array(
      z
        .object({
          type: z.string().nullable(),
          url: z.string().nullable(),
          date: z.string().nullable(),
        })
        .meta({ id: 'StudyDocument' }),
    ),
    publications: z.array(
      z
        .object({ pmid: z.string().nullable(), citation: z.string(), type: z.string().nullable() })
        .meta({ id: 'Publication' }),
    ),
    locations: z.array(LocationSchema).meta({ description: 'all sites of the trial' }),
    biomarkers: z.array(BiomarkerSchema).meta({
      description: "the trial's biomarker requirements for a lung cancer patient (scope 'lung')",
    }),
    other_cohort_biomarkers: z.array(BiomarkerSchema).meta({
      description:
        "markers that qualify another tumour type's cohort of a basket trial (scope " +
        "'other_tumour', e.g. 'HER2-negative breast carcinoma'): shown for completeness, never " +
        'requirements for lung patients and never matched by the filters',
    }),
    diagnosis_types: z.array(z.enum(DIAGNOSIS_TYPES)).meta({
      description: 'lung cancer types the trial enrols; empty when the text gives no type signal',
    }),
    sclc_stages: z.array(z.enum(SCLC_STAGES)),
    nsclc_stages: z.array(z.enum(NSCLC_STAGES)),
    excluded_types: z.array(z.enum(DIAGNOSIS_TYPES)).meta({
      description:
        'lung cancer types the criteria rule out ("small cell, carcinoid or GIST tumours ' +
        'excluded"); such a trial is not returned for that diagnosisType',
    }),
    admitted_types: z.array(z.enum(DIAGNOSIS_TYPES)).meta({
      description:
        'lung cancer types a patient may have to enter: the classified types, and for a trial ' +
        'with no type signal or a basket of all solid tumours every type it does not exclude; ' +
        'empty when it takes no lung cancer patients. diagnosisType, cancerStage and stage ' +
        'search it',
    }),
    flags: z.array(FlagSchema),
    evidence: TrialEvidenceSchema,
    match: TrialMatchSchema.nullable().meta({
      description: 'the trial against the /trials filters given to this request; null with none',
    }),
  })
  .meta({
    id: 'TrialDetail',
    description: 'A trial in the detail representation: every list field and more.',
  });

export const SourceSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    kind: z.enum(['registry', 'sponsor']),
    home_url: z.string(),
    ingest: z.enum(['api', 'csv', 'web']),
    trial_count: z
      .number()
      .int()
      .meta({ description: 'trials from this source in the served snapshot' }),
  })
  .meta({ id: 'Source', description: `One of the sources: ${SOURCES_PHRASE}.` });

const quotaShape = {
  quota_used: z
    .number()
    .int()
    .meta({ description: 'requests counted for the key today (UTC), this one included' }),
  quota_limit: z.number().int().meta({ description: "daily quota of the key's tier" }),
};
export const QuotaMetaSchema = z.object(quotaShape).meta({ id: 'QuotaMeta' });

export const ListMetaSchema = z
  .object({
    total: z.number().int().meta({ description: 'trials matching' }),
    limit: z.number().int().meta({ description: 'page size in effect' }),
    offset: z.number().int().meta({ description: 'offset in effect' }),
    next: z
      .string()
      .nullable()
      .meta({
        description:
          'path and query of the next page (same parameters, offset + limit); null on the last ' +
          'page. Also in the Link header (rel="next")',
      })
      .optional(),
    prev: z
      .string()
      .nullable()
      .meta({
        description:
          'path and query of the previous page; null on the first. Also in the Link header (rel="prev")',
      })
      .optional(),
    next_page_token: z
      .string()
      .nullable()
      .meta({
        description:
          'GET /trials: the pageToken of the next page, pinned to the snapshot version this page ' +
          'was read from (every page of a run then comes from that version); null on the last ' +
          'page. With pageToken, next and prev carry tokens too',
      })
      .optional(),
    ...quotaShape,
  })
  .meta({ id: 'ListMeta' });

export const TrialListResponseSchema = z
  .object({
    data: z.array(
      z.union([
        ZipListTrialSchema,
        ListTrialSchema,
        ExplainedZipListTrialSchema,
        ExplainedListTrialSchema,
      ]),
    ),
    meta: ListMetaSchema,
  })
  .meta({ id: 'TrialListResponse' });
/** One row of the change feed (GET /changes): a trial's net change between two versions. */
export const ChangeSchema = z
  .object({
    nct_id: z.string().meta({ description: 'the trial', examples: ['NCT01234567'] }),
    change: z.enum(CHANGE_KINDS).meta({
      description:
        'added: not in the since version; removed: not in the until version (its detail is ' +
        '404 now); changed: in both, with fields',
    }),
    fields: z.array(z.string()).meta({
      description:
        'changed only (empty otherwise): the snapshot columns of the trial that changed at some ' +
        'version in between (docs/snapshot.md names each and the API field it feeds), and ' +
        'sites, biomarkers, flags when any of its rows there did',
    }),
  })
  .meta({ id: 'Change' });

export const ChangesResponseSchema = z
  .object({
    data: z.array(ChangeSchema),
    meta: z
      .object({
        since: z.string().meta({ description: 'the version the changes start from' }),
        version: z.string().meta({
          description: 'the version they lead to (until): the since of the next run',
        }),
        total: z.number().int().meta({ description: 'trials that changed' }),
        limit: ListMetaSchema.shape.limit,
        offset: ListMetaSchema.shape.offset,
        next: z.string().nullable().meta({
          description: 'path and query of the next page (until pinned); null on the last page',
        }),
        prev: z.string().nullable().meta({ description: 'the previous page; null on the first' }),
        ...quotaShape,
      })
      .meta({ id: 'ChangesMeta' }),
  })
  .meta({ id: 'ChangesResponse' });

/** A trial's status for a /match patient (api/query/match.ts decides it). */
export const MATCH_STATUSES = ['eligible', 'needs_testing', 'ineligible'] as const;
/**
 * How one biomarker row bears on a /match verdict: a requirement met, open or ruled out, or
 * an exclusion that applies.
 */
export const ROW_ROLES = ['met', 'unknown', 'contradicted', 'excludes'] as const;

/** `match` of a /match trial: the patient's status on this trial, and why. */
export const PatientMatchSchema = z
  .object({
    status: z.enum(MATCH_STATUSES).meta({
      description:
        "eligible: a way in (cohort) has every biomarker requirement met by the patient's " +
        'positives and no exclusion names one of them; needs_testing: a way in rests on a gene ' +
        'of unknown status (see tests); ineligible (includeIneligible=true only): the profile ' +
        'rules every way in out',
    }),
    reason: z.string().meta({ description: 'the verdict in words' }),
    tests: z.array(z.string()).meta({
      description:
        'needs_testing: the tests that could open a way in (any one of them per way), e.g. ' +
        '"MET AMP", "PD-L1 TPS>=50", "EGFR (any alteration)"; empty otherwise',
    }),
    group: z
      .number()
      .int()
      .nullable()
      .meta({
        description:
          'the requirement group (way in) the status rests on; null when the trial has one way in ' +
          'or several ways are open',
      }),
    biomarkers: z
      .array(
        BiomarkerSchema.extend({
          role: z.enum(ROW_ROLES).meta({
            description:
              'met: a requirement the patient meets; unknown: one resting on an untested gene; ' +
              'contradicted: one the results rule out; excludes: an exclusion the patient meets',
          }),
        }).meta({ id: 'PatientMatchBiomarker' }),
      )
      .meta({ description: 'the rows behind the verdict' }),
    filters: TrialMatchSchema.shape.filters.meta({
      description: 'explain=true only (empty otherwise): every filter in effect with its verdict',
    }),
    nearest_site: TrialMatchSchema.shape.nearest_site,
  })
  .meta({ id: 'PatientMatch', description: 'A trial against the patient profile of /match.' });

const patientShape = { match: PatientMatchSchema };
export const PatientListTrialSchema = z
  .object({ ...listTrialShape, ...patientShape })
  .meta({ id: 'PatientListItem', description: 'A trial of a /match search.' });
export const PatientZipListTrialSchema = ZipListTrialSchema.extend(patientShape).meta({
  id: 'PatientListItemNear',
  description: 'A trial of a /match search with zip + radius.',
});
export const MatchListResponseSchema = z
  .object({
    data: z.array(z.union([PatientZipListTrialSchema, PatientListTrialSchema])),
    meta: ListMetaSchema,
  })
  .meta({ id: 'MatchListResponse' });
export type PatientMatch = z.output<typeof PatientMatchSchema>;

export const TrialDetailResponseSchema = z
  .object({ data: DetailTrialSchema, meta: QuotaMetaSchema })
  .meta({ id: 'TrialDetailResponse' });
export const SourcesResponseSchema = z
  .object({ data: z.array(SourceSchema), meta: QuotaMetaSchema })
  .meta({ id: 'SourcesResponse' });

export const KeyMetaResponseSchema = z
  .object({
    data: z.object({
      key: z.object({ label: z.string(), tier: z.enum(TIERS) }),
      usage: z.object({
        day: z.string().meta({ description: 'the UTC day counted (YYYY-MM-DD)' }),
        quota_used: z.number().int(),
        quota_limit: z.number().int(),
        quota_remaining: z.number().int(),
        quota_resets_at: z.string().meta({ format: 'date-time' }),
        burst_used: z.number().int(),
        burst_limit: z.number().int(),
        burst_window_seconds: z.number().int(),
      }),
      snapshot: z
        .object({
          version: z.string(),
          created_at: z.string(),
          schema_version: z.number().int(),
          row_counts: z.object(
            Object.fromEntries(TABLE_NAMES.map((t) => [t, z.number().int()])) as Record<
              (typeof TABLE_NAMES)[number],
              z.ZodNumber
            >,
          ),
        })
        .nullable()
        .meta({ description: 'the snapshot being served; null before one is loaded' }),
    }),
    meta: QuotaMetaSchema,
  })
  .meta({ id: 'KeyMetaResponse' });

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'snapshot_unavailable']),
    snapshot: z
      .object({
        version: z.string(),
        created_at: z.string(),
        age_seconds: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'seconds since the snapshot was published' }),
      })
      .nullable(),
    redis: z.enum(['reachable', 'unreachable', 'fallback']).meta({
      description:
        'whether the Redis of keys and counters answers a PING; fallback: running on file keys and in-process counters',
    }),
    uptime_seconds: z.number().int(),
  })
  .meta({ id: 'Health' });

export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES as [string, ...string[]]),
      message: z.string(),
      parameter: z
        .string()
        .optional()
        .meta({ description: 'invalid_parameter only: the parameter at fault' }),
    }),
  })
  .meta({ id: 'Error', description: 'The error envelope.' });
