/**
 * The registry fields every source form (v2 JSON, v1 JSON, classic XML) is read into
 * before one builder turns them into a TrialRecord, so the conversions (status table,
 * phases, ages, criteria split, H3) live in one place.
 */
import type {
  Intervention,
  Outcome,
  Publication,
  SiteLocation,
  StudyDocument,
} from '../../domain/rows.js';

export type LocationFields = SiteLocation;

export interface StudyFields {
  nctId: string | null;
  briefTitle: string | null;
  officialTitle: string | null;
  briefSummary: string | null;
  detailedDescription: string | null;
  /** Registry status in the form's own spelling ("RECRUITING", "Active, not recruiting"). */
  overallStatus: string | null;
  phases: string[];
  studyType: string | null;
  sponsor: string | null;
  conditions: string[];
  keywords: string[];
  meshTerms: string[];
  interventions: Intervention[];
  enrollment: number | null;
  sex: string | null;
  minimumAge: string | null;
  maximumAge: string | null;
  eligibilityCriteria: string | null;
  /** Raw date strings, parsed by the builder. */
  startDate: string | null;
  firstPosted: string | null;
  primaryCompletion: string | null;
  completion: string | null;
  lastUpdated: string | null;
  primaryOutcomes: Outcome[];
  secondaryOutcomes: Outcome[];
  documents: StudyDocument[];
  publications: Publication[];
  locations: LocationFields[];
}
