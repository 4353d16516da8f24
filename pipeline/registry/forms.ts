/**
 * The registry record forms the pipeline reads, how to tell them apart in a JSON value,
 * and the mapper for each. Anything else (NCI CTS trials, third-party exports) is not a
 * registry record and is reported as skipped.
 */
import type { TrialRecord } from '../../domain/rows.js';
import { CLASSIC_LAYOUT } from './map-classic-xml.js';
import { V2_LAYOUT } from './map-study.js';
import { V1_LAYOUT } from './map-v1.js';
import { obj } from './read-fields.js';
import { layoutNctId, mapWithLayout, type MapOptions, type StudyLayout } from './study-layout.js';

export const REGISTRY_FORMS = ['ctgov_v2', 'ctgov_v1', 'ctgov_xml'] as const;
/** `ctgov_v2`: API v2 study; `ctgov_v1`: legacy v1 full study; `ctgov_xml`: parsed `<clinical_study>`. */
export type RegistryForm = (typeof REGISTRY_FORMS)[number];

const LAYOUTS: Readonly<Record<RegistryForm, StudyLayout>> = {
  ctgov_v2: V2_LAYOUT,
  ctgov_v1: V1_LAYOUT,
  ctgov_xml: CLASSIC_LAYOUT,
};

export interface DumpEntry {
  form: RegistryForm;
  study: unknown;
  /** File (and position inside it) the record came from, for logs and failure reports. */
  origin: string;
  /** sha256 of the text that held this record and nothing else (see ReadDumpOptions.known). */
  textHash?: string;
  /** That text, when it is exactly the JSON of `study`. */
  text?: string;
}

export interface SkippedRecord {
  origin: string;
  reason: string;
}

/** Skip reason for JSON of another schema (expected in mixed dumps, so not warned about). */
export const NOT_A_RECORD = 'not a ClinicalTrials.gov registry record';

/**
 * Registry records inside one parsed JSON value: a v2 study, a v2 search envelope
 * (`{studies: [...]}`), a v1 `FullStudiesResponse`, a v1 study, or an array of these.
 */
export function* registryEntriesInJson(
  value: unknown,
  origin: string,
  onSkip: (s: SkippedRecord) => void,
): Generator<DumpEntry> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      yield* registryEntriesInJson(value[i], `${origin}[${i}]`, onSkip);
    return;
  }
  const o = obj(value);
  if (o.protocolSection) {
    yield { form: 'ctgov_v2', study: value, origin };
  } else if (Array.isArray(o.studies)) {
    for (let i = 0; i < o.studies.length; i++)
      yield* registryEntriesInJson(o.studies[i], `${origin}#studies[${i}]`, onSkip);
  } else if (o.FullStudiesResponse) {
    const list = obj(o.FullStudiesResponse).FullStudies;
    const studies = Array.isArray(list) ? list : [];
    for (let i = 0; i < studies.length; i++) {
      const study = obj(studies[i]).Study;
      if (obj(study).ProtocolSection)
        yield { form: 'ctgov_v1', study, origin: `${origin}#FullStudies[${i}]` };
      else
        onSkip({
          origin: `${origin}#FullStudies[${i}]`,
          reason: 'v1 entry without ProtocolSection',
        });
    }
  } else if (o.ProtocolSection) {
    yield { form: 'ctgov_v1', study: value, origin };
  } else if (obj(o.Study).ProtocolSection) {
    yield { form: 'ctgov_v1', study: o.Study, origin };
  } else {
    onSkip({ origin, reason: NOT_A_RECORD });
  }
}

/** Routes a dump entry to the mapper for its form. Throws InvalidStudyError without an NCT id. */
export function mapDumpEntry(
  entry: Pick<DumpEntry, 'form' | 'study'>,
  options: MapOptions = {},
): TrialRecord {
  return mapWithLayout(LAYOUTS[entry.form], entry.study, options);
}

/** The NCT id of an entry without mapping it, upper-cased; null when it has none. */
export function dumpEntryNctId(entry: Pick<DumpEntry, 'form' | 'study'>): string | null {
  const id = layoutNctId(LAYOUTS[entry.form], entry.study);
  return id ? id.toUpperCase() : null;
}
