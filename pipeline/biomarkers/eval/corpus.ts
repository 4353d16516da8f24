/**
 * Reads the real trial records the labels refer to from ../shared/data/ctgov (never copied
 * into the project). One record per NCT id: the genuine v2 studies first, then the
 * unified file's records that carry criteria text (jwlieb, NCI, biomcp v2).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedCtgovDir } from '../../../config/shared-data.js';
import { splitCriteria } from '../../eligibility/split-criteria.js';
import type { BiomarkerInput } from '../extract.js';

export interface CorpusTrial extends BiomarkerInput {
  source: string;
  criteria: string;
  /** The record's study type as written (INTERVENTIONAL, Observational ...), when the source has it. */
  study_type?: string | null;
}

export function defaultDataDir(): string {
  return sharedCtgovDir();
}

export class MissingDataError extends Error {}

interface V2Study {
  protocolSection: {
    identificationModule: { nctId: string; briefTitle?: string; officialTitle?: string };
    conditionsModule?: { conditions?: string[]; keywords?: string[] };
    designModule?: { studyType?: string };
    eligibilityModule?: { eligibilityCriteria?: string };
  };
}

interface UnifiedRecord {
  source: string;
  nctId: string | null;
  briefTitle: string | null;
  officialTitle: string | null;
  conditions: string[] | null;
  studyType?: string | null;
  eligibilityCriteria: string | null;
}

function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

export function loadCorpus(dataDir = defaultDataDir()): Map<string, CorpusTrial> {
  const v2File = path.join(dataDir, 'v2/studies.jsonl');
  const unifiedFile = path.join(dataDir, 'lung_trials_unified.jsonl');
  for (const f of [v2File, unifiedFile]) {
    if (!fs.existsSync(f)) {
      throw new MissingDataError(
        `trial data missing: ${f} not found (expected the shared ClinicalTrials.gov sample at ${dataDir})`,
      );
    }
  }
  const out = new Map<string, CorpusTrial>();
  const add = (t: Omit<CorpusTrial, 'inclusion' | 'exclusion'>) => {
    if (out.has(t.nct_id) || !t.criteria.trim()) return;
    out.set(t.nct_id, { ...t, ...splitCriteria(t.criteria) });
  };
  for (const s of readJsonl<V2Study>(v2File)) {
    const p = s.protocolSection;
    add({
      nct_id: p.identificationModule.nctId,
      source: 'ctgov_v2_studies',
      criteria: p.eligibilityModule?.eligibilityCriteria ?? '',
      title: p.identificationModule.briefTitle ?? null,
      official_title: p.identificationModule.officialTitle ?? null,
      conditions: p.conditionsModule?.conditions ?? [],
      keywords: p.conditionsModule?.keywords ?? [],
      study_type: p.designModule?.studyType ?? null,
    });
  }
  for (const r of readJsonl<UnifiedRecord>(unifiedFile)) {
    if (!r.nctId || !r.eligibilityCriteria) continue;
    add({
      nct_id: r.nctId,
      source: r.source,
      criteria: r.eligibilityCriteria,
      title: r.briefTitle,
      official_title: r.officialTitle,
      conditions: r.conditions ?? [],
      keywords: [],
      study_type: r.studyType ?? null,
    });
  }
  return out;
}
