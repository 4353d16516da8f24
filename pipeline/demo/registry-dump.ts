/**
 * The demo trials as ClinicalTrials.gov API v2 study objects, one per line, so the real
 * pipeline (registry mapping, biomarker extraction, diagnosis, geocoding, flags) can run
 * end to end at full scale without the network. Shapes follow the registry's v2 records
 * (protocolSection modules, `{date}` structs, "18 Years" ages); some sites lose their
 * geoPoint so the geocoder has ZIP and city fallbacks to do.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { US_STATES } from '../../domain/geo.js';
import { isUsCountry } from '../../domain/geo.js';
import type { SiteRow } from '../../domain/rows.js';
import { generateDemoDataset, type DemoOptions, type DemoTrial } from './generate.js';

export interface RegistryDumpOptions extends DemoOptions {
  /** Output `.jsonl` path; parent directories are created. */
  out: string;
}

const STUDY_TYPE_CODES: Readonly<Record<string, string>> = {
  Interventional: 'INTERVENTIONAL',
  Observational: 'OBSERVATIONAL',
  'Expanded Access': 'EXPANDED_ACCESS',
};

export async function writeRegistryDump(opts: RegistryDumpOptions): Promise<{ studies: number }> {
  const { trials } = generateDemoDataset(opts);
  await fs.mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
  // write-file-atomic takes the whole text, not a stream: ~110 MB at full scale, held next
  // to the generated dataset that is in memory anyway (peak RSS 0.96 GB against 0.91 GB
  // when it was streamed 2,000 studies at a time). A reader never sees half a dump: the
  // file appears complete (fsynced, renamed) or not at all.
  await writeFileAtomic(
    opts.out,
    trials.map((t) => JSON.stringify(toRegistryStudy(t)) + '\n').join(''),
  );
  return { studies: trials.length };
}

/** One demo trial as a v2 study object. */
export function toRegistryStudy({ plan, text, trial, sites }: DemoTrial): Record<string, unknown> {
  const date = (d: string | null, monthOnly = false) =>
    d === null ? undefined : { date: monthOnly ? d.slice(0, 7) : d };
  const criteria =
    trial.inclusion_criteria === null && trial.exclusion_criteria === null
      ? undefined
      : `Inclusion Criteria:\n\n${trial.inclusion_criteria ?? ''}` +
        `\n\nExclusion Criteria:\n\n${trial.exclusion_criteria ?? ''}`;
  // The registry gives many start dates to the month only; every tenth demo trial does too.
  const startMonthOnly = plan.index % 10 === 7;
  return {
    protocolSection: {
      identificationModule: {
        nctId: trial.nct_id,
        orgStudyIdInfo: { id: `DEMO-ORG-${plan.index + 1}` },
        briefTitle: trial.brief_title,
        officialTitle: trial.official_title,
      },
      statusModule: {
        overallStatus: trial.overall_status ?? undefined,
        startDateStruct: date(trial.study_start, startMonthOnly),
        primaryCompletionDateStruct: date(trial.primary_completion),
        completionDateStruct: date(trial.study_completion),
        studyFirstPostDateStruct: date(trial.first_posted),
        lastUpdatePostDateStruct: date(trial.last_updated),
      },
      sponsorCollaboratorsModule: {
        leadSponsor: { name: trial.sponsor, class: plan.pharma ? 'INDUSTRY' : 'OTHER' },
      },
      descriptionModule: {
        briefSummary: trial.brief_summary ?? undefined,
        detailedDescription: trial.detailed_description ?? undefined,
      },
      conditionsModule: {
        conditions: trial.conditions,
        keywords: trial.keywords.length > 0 ? trial.keywords : undefined,
      },
      designModule: {
        studyType: trial.study_type ? STUDY_TYPE_CODES[trial.study_type] : undefined,
        phases: trial.phases.length > 0 ? trial.phases : undefined,
        enrollmentInfo:
          trial.enrollment === null
            ? undefined
            : {
                count: trial.enrollment,
                type: trial.status_bucket === 'completed' ? 'ACTUAL' : 'ESTIMATED',
              },
      },
      armsInterventionsModule:
        trial.interventions.length === 0
          ? undefined
          : {
              interventions: trial.interventions.map((iv, i) => ({
                type: iv.type ?? undefined,
                name: iv.name,
                description: iv.description ?? undefined,
                // Investigational agents carry a sponsor code, as in the registry's otherNames.
                otherNames:
                  i === 0 && (iv.type === 'DRUG' || iv.type === 'BIOLOGICAL')
                    ? [`DMO-${1000 + (plan.index % 9000)}`]
                    : undefined,
              })),
            },
      outcomesModule:
        trial.primary_outcomes.length + trial.secondary_outcomes.length === 0
          ? undefined
          : {
              primaryOutcomes: outcomes(trial.primary_outcomes),
              secondaryOutcomes: outcomes(trial.secondary_outcomes),
            },
      eligibilityModule: {
        eligibilityCriteria: criteria,
        healthyVolunteers: false,
        sex: trial.sex,
        minimumAge: trial.age_min === null ? undefined : `${trial.age_min} Years`,
        maximumAge: trial.age_max === null ? undefined : `${trial.age_max} Years`,
      },
      contactsLocationsModule: sites.length === 0 ? undefined : { locations: sites.map(location) },
      referencesModule:
        trial.publications.length === 0
          ? undefined
          : {
              references: trial.publications.map((p) => ({
                pmid: p.pmid ?? undefined,
                type: p.type ?? undefined,
                citation: p.citation,
              })),
            },
    },
    documentSection:
      trial.study_documents.length === 0
        ? undefined
        : {
            largeDocumentModule: {
              largeDocs: trial.study_documents.map((d) => ({
                typeAbbrev:
                  d.type === 'Study Protocol'
                    ? 'Prot'
                    : d.type === 'Statistical Analysis Plan'
                      ? 'SAP'
                      : 'ICF',
                label: d.type ?? undefined,
                date: d.date ?? undefined,
                filename: d.url ? d.url.slice(d.url.lastIndexOf('/') + 1) : undefined,
              })),
            },
          },
    derivedSection: {
      conditionBrowseModule: { meshes: text.mesh.map((m) => ({ id: m.id, term: m.term })) },
    },
    hasResults: false,
  };
}

function outcomes(
  list: ReadonlyArray<{ measure: string; time_frame: string | null; description: string | null }>,
) {
  return list.length === 0
    ? undefined
    : list.map((o) => ({
        measure: o.measure,
        description: o.description ?? undefined,
        timeFrame: o.time_frame ?? undefined,
      }));
}

/**
 * Registry locations spell the US state out ("Colorado") and carry a geoPoint only where
 * the registry placed the site; ZIP- and city-precision demo sites arrive without one.
 */
function location(s: SiteRow): Record<string, unknown> {
  const us = isUsCountry(s.country);
  return {
    facility: s.facility ?? undefined,
    status: s.status ?? undefined,
    city: s.city ?? undefined,
    state: s.state === null ? undefined : us ? (US_STATES[s.state] ?? s.state) : s.state,
    zip: s.zip ?? undefined,
    country: s.country ?? undefined,
    geoPoint:
      s.geo_precision === 'site' && s.latitude !== null && s.longitude !== null
        ? { lat: s.latitude, lon: s.longitude }
        : undefined,
  };
}
