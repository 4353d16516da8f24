/**
 * Identity of the data sources: the registry and the sponsor registries. How each
 * sponsor's data is read (CSV columns, page selectors) lives with its adapter in
 * pipeline/sponsors/catalog/; this list is what the snapshot and /sources show.
 */
import type { SourceRow } from './rows.js';

export type SourceIdentity = Omit<SourceRow, 'trial_count'>;

export const REGISTRY_SOURCE: SourceIdentity = {
  slug: 'ctgov',
  name: 'ClinicalTrials.gov',
  kind: 'registry',
  home_url: 'https://clinicaltrials.gov',
  ingest: 'api',
};

export const SPONSOR_SOURCES: readonly SourceIdentity[] = [
  {
    slug: 'astrazeneca',
    name: 'AstraZeneca',
    kind: 'sponsor',
    home_url: 'https://www.astrazenecaclinicaltrials.com',
    ingest: 'csv',
  },
  {
    slug: 'merck',
    name: 'Merck Sharp & Dohme (MSD)',
    kind: 'sponsor',
    home_url: 'https://www.merckclinicaltrials.com',
    ingest: 'web',
  },
  {
    slug: 'pfizer',
    name: 'Pfizer',
    kind: 'sponsor',
    home_url: 'https://www.pfizerclinicaltrials.com',
    ingest: 'csv',
  },
  {
    slug: 'roche',
    name: 'Roche / Genentech',
    kind: 'sponsor',
    home_url: 'https://forpatients.roche.com',
    ingest: 'web',
  },
  {
    slug: 'bms',
    name: 'Bristol Myers Squibb',
    kind: 'sponsor',
    home_url: 'https://www.bmsstudyconnect.com',
    ingest: 'web',
  },
  {
    slug: 'novartis',
    name: 'Novartis',
    kind: 'sponsor',
    home_url: 'https://www.novartis.com/clinicaltrials',
    ingest: 'csv',
  },
  {
    slug: 'amgen',
    name: 'Amgen',
    kind: 'sponsor',
    home_url: 'https://www.amgentrials.com',
    ingest: 'web',
  },
  {
    slug: 'jnj',
    name: 'Johnson & Johnson Innovative Medicine',
    kind: 'sponsor',
    home_url: 'https://www.jnjclinicaltrials.com',
    ingest: 'web',
  },
  {
    slug: 'lilly',
    name: 'Eli Lilly and Company',
    kind: 'sponsor',
    home_url: 'https://trials.lilly.com',
    ingest: 'csv',
  },
  {
    slug: 'takeda',
    name: 'Takeda',
    kind: 'sponsor',
    home_url: 'https://clinicaltrials.takeda.com',
    ingest: 'csv',
  },
  {
    slug: 'daiichi-sankyo',
    name: 'Daiichi Sankyo',
    kind: 'sponsor',
    home_url: 'https://www.daiichisankyoclinicaltrials.com',
    ingest: 'web',
  },
  {
    slug: 'boehringer-ingelheim',
    name: 'Boehringer Ingelheim',
    kind: 'sponsor',
    home_url: 'https://www.mystudywindow.com',
    ingest: 'csv',
  },
  {
    slug: 'regeneron',
    name: 'Regeneron',
    kind: 'sponsor',
    home_url: 'https://www.regeneron.com/clinical-trials',
    ingest: 'web',
  },
  {
    slug: 'gilead',
    name: 'Gilead Sciences',
    kind: 'sponsor',
    home_url: 'https://www.gileadclinicaltrials.com',
    ingest: 'web',
  },
  {
    slug: 'abbvie',
    name: 'AbbVie',
    kind: 'sponsor',
    home_url: 'https://www.abbvieclinicaltrials.com',
    ingest: 'csv',
  },
  {
    slug: 'bayer',
    name: 'Bayer',
    kind: 'sponsor',
    home_url: 'https://clinicaltrials.bayer.com',
    ingest: 'csv',
  },
  {
    slug: 'beigene',
    name: 'BeOne Medicines (BeiGene)',
    kind: 'sponsor',
    home_url: 'https://www.beonemedicines.com/clinical-trials',
    ingest: 'web',
  },
  {
    slug: 'sanofi',
    name: 'Sanofi',
    kind: 'sponsor',
    home_url: 'https://www.sanofi.com/en/science-and-innovation/clinical-trials-and-results',
    ingest: 'csv',
  },
  {
    slug: 'gsk',
    name: 'GSK',
    kind: 'sponsor',
    home_url: 'https://www.gsk-studyregister.com',
    ingest: 'csv',
  },
];

export const ALL_SOURCES: readonly SourceIdentity[] = [REGISTRY_SOURCE, ...SPONSOR_SOURCES];

/** "ClinicalTrials.gov and N sponsor registries", N counted from SPONSOR_SOURCES: how texts name the sources. */
export const SOURCES_PHRASE = `${REGISTRY_SOURCE.name} and ${SPONSOR_SOURCES.length} sponsor registries`;

export function sourceBySlug(slug: string): SourceIdentity | undefined {
  return ALL_SOURCES.find((s) => s.slug === slug);
}

/** Registry study page for an NCT id. */
export function registryStudyUrl(nctId: string): string {
  return `https://clinicaltrials.gov/study/${encodeURIComponent(nctId)}`;
}

/** A study document (protocol, SAP) on the registry CDN, filed under the id's last two digits. */
export function registryDocumentUrl(nctId: string, filename: string): string {
  return `https://cdn.clinicaltrials.gov/large-docs/${nctId.slice(-2)}/${nctId}/${encodeURIComponent(filename)}`;
}
