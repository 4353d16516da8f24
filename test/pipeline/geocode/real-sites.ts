/**
 * Site rows built from the real records in ../shared/data/ctgov (read at test time, never
 * copied into the project).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SiteRow } from '../../../domain/rows.js';
import { sharedCtgovDir } from '../../../config/shared-data.js';
import { blankSite } from '../../../pipeline/geocode/eval/place-truth.js';

export const CTGOV_DIR = sharedCtgovDir();

async function readLines(relative: string): Promise<unknown[]> {
  const file = path.join(CTGOV_DIR, relative);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    throw new Error(
      `Real trial records are missing: ${file} not found (expected the shared data directory ${CTGOV_DIR})`,
    );
  }
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as unknown);
}

export function siteRow(fields: Partial<SiteRow>): SiteRow {
  return blankSite({ nct_id: 'TEST-GEO-0001', ...fields });
}

interface V2Location {
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}

/** Every location of v2/studies.jsonl (city + country only, no coordinates). */
export async function v2StudySites(): Promise<SiteRow[]> {
  const studies = (await readLines('v2/studies.jsonl')) as {
    protocolSection: {
      identificationModule: { nctId: string };
      contactsLocationsModule?: { locations?: V2Location[] };
    };
  }[];
  const out: SiteRow[] = [];
  for (const s of studies) {
    const nct = s.protocolSection.identificationModule.nctId;
    (s.protocolSection.contactsLocationsModule?.locations ?? []).forEach((l, i) => {
      out.push(
        siteRow({
          nct_id: nct,
          site_index: i,
          city: l.city ?? null,
          state: l.state ?? null,
          zip: l.zip ?? null,
          country: l.country ?? null,
        }),
      );
    });
  }
  return out;
}

export interface RecordedSite {
  /** The site with its coordinates removed, to be geocoded. */
  site: SiteRow;
  latitude: number;
  longitude: number;
}

interface UnifiedLocation {
  facility: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  lat: number | null;
  lon: number | null;
}

/** NCI CTS sites of lung_trials_unified.jsonl that carry recorded coordinates. */
export async function nciRecordedSites(): Promise<RecordedSite[]> {
  const records = (await readLines('lung_trials_unified.jsonl')) as {
    source: string;
    nctId: string;
    locations?: UnifiedLocation[];
  }[];
  const out: RecordedSite[] = [];
  for (const r of records) {
    if (r.source !== 'nci_cts_v2') continue;
    (r.locations ?? []).forEach((l, i) => {
      if (typeof l.lat !== 'number' || typeof l.lon !== 'number') return;
      out.push({
        site: siteRow({
          nct_id: r.nctId,
          site_index: i,
          facility: l.facility,
          city: l.city,
          state: l.state,
          zip: l.zip,
          country: l.country,
        }),
        latitude: l.lat,
        longitude: l.lon,
      });
    });
  }
  return out;
}
