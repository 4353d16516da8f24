/**
 * The stage contract: the data each stage hands to the stages after it, one entry per
 * StageName. `stageData(ctx, 'enrich')` returns StageOutputs['enrich'], and a stage may
 * only ask for the stages STAGE_DEPENDS_ON lists for it.
 */
import type { BiomarkerRow, FlagRow, TrialRecord } from '../../domain/rows.js';
import type { RawStore } from '../raw-store/raw-store.js';
import type { SnapshotBase } from '../publish/base.js';
import type { SponsorStatus } from '../sponsors/merge.js';
import type { SponsorTrial } from '../sponsors/types.js';
import type { StageInput, StageName } from './stage-names.js';

export interface RegistryStageData {
  /**
   * The raw store the stage filled. In the process that ran the stage it still holds the
   * studies it stored; elsewhere it is reopened from DATA_DIR.
   */
  store: RawStore;
}

/** One sponsor source (CSV exports or scraped pages): its trials and the flags it raised. */
export interface SponsorStageData {
  trials: SponsorTrial[];
  flags: FlagRow[];
}

/**
 * The run's trials: registry and sponsor records merged, each with diagnosis and biomarkers.
 * A trial is either built by this run (`records`) or carried over unchanged from the
 * snapshot the run builds on (`carried`, see carry-over.ts); a run without such a snapshot
 * builds every trial.
 */
export interface EnrichStageData {
  /** The trials this run built, sorted by id (compareIds): one order for every later stage. */
  records: TrialRecord[];
  /** Every trial's biomarker rows, built and carried over, in trial order. */
  biomarkers: BiomarkerRow[];
  /** The snapshot whose rows the carried-over trials keep; null when none is carried over. */
  base: SnapshotBase | null;
  /** Ids of the trials carried over from `base`, sorted like `records`. */
  carried: string[];
  /** Flags the sources raised: sponsor imports, then the merge. */
  sourceFlags: FlagRow[];
  /** Trial id -> every sponsor that listed it, with the sponsor's status. */
  sponsorStatuses: Map<string, SponsorStatus[]>;
}

/** The enrich stage's built records, their sites geocoded (carried-over sites already are). */
export interface GeocodeStageData {
  records: TrialRecord[];
}

export interface FlagsStageData {
  /** The sources' flags and the automated rules' flags, of every trial. */
  flags: FlagRow[];
}

export interface PublishStageData {
  version: string;
  dir: string;
}

export interface StageOutputs {
  registry: RegistryStageData;
  'sponsor-csv': SponsorStageData;
  scrape: SponsorStageData;
  enrich: EnrichStageData;
  geocode: GeocodeStageData;
  flags: FlagsStageData;
  publish: PublishStageData;
}

export interface StageOutput<N extends StageName> {
  summary: Record<string, unknown>;
  data: StageOutputs[N];
}

/** Reads the data of one of stage N's inputs. */
export type InputReader<N extends StageName> = <S extends StageInput<N>>(
  stage: S,
) => Promise<StageOutputs[S]>;

/** Stage data produced or read in this process, by stage. */
export type HeldOutputs = { [S in StageName]?: StageOutputs[S] };
