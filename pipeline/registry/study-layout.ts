/**
 * One reader for the three registry forms. Each form declares a `StudyLayout`: where it
 * keeps every StudyFields value (v2 `protocolSection.identificationModule.nctId`, v1
 * `ProtocolSection.IdentificationModule.NCTId`, XML `id_info.nct_id`). The forms differ in
 * names and nesting, not in logic, so a new field or form is a new table entry; what a path
 * cannot say (XML textblocks, v1's lower-case reference types) is a named hook in the table.
 */
import type {
  Intervention,
  Outcome,
  Publication,
  StudyDocument,
  TrialRecord,
} from '../../domain/rows.js';
import { registryDocumentUrl } from '../../domain/sources.js';
import { contentHash } from '../raw-store/content-hash.js';
import { buildTrialRecord } from './build-record.js';
import { parseRegistryDate } from '../dates.js';
import { arr, at, int, num, str } from './read-fields.js';
import type { LocationFields, StudyFields } from './study-fields.js';

export interface MapOptions {
  /** The record's content hash when the caller already has it (the raw store does). */
  contentHash?: string;
}

export type TextHook = (source: unknown) => string | null;

/**
 * Where a text value lives: a dotted path (read as trimmed text), paths tried in order
 * (fields renamed between schema versions), or a hook.
 */
export type TextAt = string | readonly string[] | TextHook;

/** A list of strings: its path, for a list of objects also the path of the text in each, or a hook. */
export type StringsAt = string | { list: string; item: string } | ((study: unknown) => string[]);

/** A list of objects: its path, and where each item keeps every output field. */
export type ItemsAt<F extends string> = { list: string } & Readonly<Record<F, TextAt>>;

/** Large documents give a file name the registry URL is built from; XML gives the URL. */
export type DocumentsAt = ItemsAt<'type' | 'date'> & ({ url: TextAt } | { filename: TextAt });

export type LocationsAt = ItemsAt<Exclude<keyof LocationFields, 'latitude' | 'longitude'>> & {
  /** Only v2 records carry a geoPoint. */
  latitude?: string;
  longitude?: string;
};

type TextField = {
  [K in keyof StudyFields]: StudyFields[K] extends string | null ? K : never;
}[keyof StudyFields];

export interface StudyLayout extends Readonly<Record<TextField, TextAt>> {
  /** The study object inside what a dump holds (v1 may wrap it as `{ Rank, Study }`). */
  unwrap?: (raw: unknown) => unknown;
  phases: StringsAt;
  conditions: StringsAt;
  keywords: StringsAt;
  meshTerms: StringsAt;
  enrollment: string;
  interventions: ItemsAt<'type' | 'name' | 'description'>;
  primaryOutcomes: ItemsAt<'measure' | 'timeFrame' | 'description'>;
  secondaryOutcomes: ItemsAt<'measure' | 'timeFrame' | 'description'>;
  documents: DocumentsAt;
  /** XML splits references by kind into two lists; the JSON forms have one. */
  publications: readonly ItemsAt<'pmid' | 'citation' | 'type'>[];
  locations: LocationsAt;
}

/** The text as the registry wrote it: the criteria splitter reads its lines and trims itself. */
export function untrimmed(path: string): TextHook {
  return (source) => {
    const value = at(source, path);
    return typeof value === 'string' ? value : null;
  };
}

export function upperCased(path: string): TextHook {
  return (source) => str(at(source, path))?.toUpperCase() ?? null;
}

export function always(value: string): TextHook {
  return () => value;
}

export function mapWithLayout(
  layout: StudyLayout,
  study: unknown,
  options: MapOptions = {},
): TrialRecord {
  return buildTrialRecord(
    readStudyFields(layout, study),
    options.contentHash ?? contentHash(study),
  );
}

export function layoutNctId(layout: StudyLayout, raw: unknown): string | null {
  return text(unwrap(layout, raw), layout.nctId);
}

export function readStudyFields(layout: StudyLayout, raw: unknown): StudyFields {
  const s = unwrap(layout, raw);
  const t = (field: TextField) => text(s, layout[field]);
  const nctId = t('nctId');
  return {
    nctId,
    briefTitle: t('briefTitle'),
    officialTitle: t('officialTitle'),
    briefSummary: t('briefSummary'),
    detailedDescription: t('detailedDescription'),
    overallStatus: t('overallStatus'),
    phases: strings(s, layout.phases),
    studyType: t('studyType'),
    sponsor: t('sponsor'),
    conditions: strings(s, layout.conditions),
    keywords: strings(s, layout.keywords),
    meshTerms: strings(s, layout.meshTerms),
    interventions: interventions(s, layout.interventions),
    enrollment: int(at(s, layout.enrollment)),
    sex: t('sex'),
    minimumAge: t('minimumAge'),
    maximumAge: t('maximumAge'),
    eligibilityCriteria: t('eligibilityCriteria'),
    startDate: t('startDate'),
    firstPosted: t('firstPosted'),
    primaryCompletion: t('primaryCompletion'),
    completion: t('completion'),
    lastUpdated: t('lastUpdated'),
    primaryOutcomes: outcomes(s, layout.primaryOutcomes),
    secondaryOutcomes: outcomes(s, layout.secondaryOutcomes),
    documents: documents(s, layout.documents, nctId),
    publications: layout.publications.flatMap((where) => references(s, where)),
    locations: items(s, layout.locations).map((loc) => location(loc, layout.locations)),
  };
}

function unwrap(layout: StudyLayout, raw: unknown): unknown {
  return layout.unwrap ? layout.unwrap(raw) : raw;
}

function text(source: unknown, where: TextAt): string | null {
  if (typeof where === 'function') return where(source);
  for (const path of typeof where === 'string' ? [where] : where) {
    const value = str(at(source, path));
    if (value !== null) return value;
  }
  return null;
}

function strings(source: unknown, where: StringsAt): string[] {
  if (typeof where === 'function') return where(source);
  const values =
    typeof where === 'string'
      ? arr(at(source, where))
      : arr(at(source, where.list)).map((item) => at(item, where.item));
  return values.map(str).filter((s): s is string => s !== null);
}

function items(source: unknown, where: { list: string }): unknown[] {
  return arr(at(source, where.list));
}

function interventions(source: unknown, where: StudyLayout['interventions']): Intervention[] {
  return items(source, where).flatMap((iv) => {
    const name = text(iv, where.name);
    return name
      ? [{ type: text(iv, where.type), name, description: text(iv, where.description) }]
      : [];
  });
}

function outcomes(source: unknown, where: StudyLayout['primaryOutcomes']): Outcome[] {
  return items(source, where).flatMap((o) => {
    const measure = text(o, where.measure);
    return measure
      ? [{ measure, time_frame: text(o, where.timeFrame), description: text(o, where.description) }]
      : [];
  });
}

function documents(source: unknown, where: DocumentsAt, nctId: string | null): StudyDocument[] {
  return items(source, where).flatMap((d) => {
    const filename = 'filename' in where ? text(d, where.filename) : null;
    const url =
      'url' in where
        ? text(d, where.url)
        : nctId && filename
          ? registryDocumentUrl(nctId, filename)
          : null;
    const type = text(d, where.type);
    if (!type && !url) return [];
    return [{ type, url, date: parseRegistryDate(text(d, where.date)) }];
  });
}

function references(source: unknown, where: StudyLayout['publications'][number]): Publication[] {
  return items(source, where).flatMap((r) => {
    const citation = text(r, where.citation);
    return citation ? [{ pmid: text(r, where.pmid), citation, type: text(r, where.type) }] : [];
  });
}

function location(loc: unknown, where: LocationsAt): LocationFields {
  return {
    facility: text(loc, where.facility),
    city: text(loc, where.city),
    state: text(loc, where.state),
    zip: text(loc, where.zip),
    country: text(loc, where.country),
    status: text(loc, where.status),
    latitude: where.latitude ? num(at(loc, where.latitude)) : null,
    longitude: where.longitude ? num(at(loc, where.longitude)) : null,
  };
}
