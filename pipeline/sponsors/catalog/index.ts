/**
 * The sponsor catalog entries, one per SPONSOR_SOURCES entry, in the order of domain/sources.ts. That order decides
 * which sponsor's page a registry trial links to when two sponsors list it.
 */
import { SPONSOR_SOURCES, type SourceIdentity } from '../../../domain/sources.js';
import type { SponsorCatalogEntry } from '../types.js';
import { abbvie } from './abbvie.js';
import { amgen } from './amgen.js';
import { astrazeneca } from './astrazeneca.js';
import { bayer } from './bayer.js';
import { beigene } from './beigene.js';
import { bms } from './bms.js';
import { boehringerIngelheim } from './boehringer-ingelheim.js';
import { daiichiSankyo } from './daiichi-sankyo.js';
import { gilead } from './gilead.js';
import { gsk } from './gsk.js';
import { jnj } from './jnj.js';
import { lilly } from './lilly.js';
import { merck } from './merck.js';
import { novartis } from './novartis.js';
import { pfizer } from './pfizer.js';
import { regeneron } from './regeneron.js';
import { roche } from './roche.js';
import { sanofi } from './sanofi.js';
import { takeda } from './takeda.js';

const BY_SLUG: Readonly<Record<string, SponsorCatalogEntry>> = {
  astrazeneca,
  merck,
  pfizer,
  roche,
  bms,
  novartis,
  amgen,
  jnj,
  lilly,
  takeda,
  'daiichi-sankyo': daiichiSankyo,
  'boehringer-ingelheim': boehringerIngelheim,
  regeneron,
  gilead,
  abbvie,
  bayer,
  beigene,
  sanofi,
  gsk,
};

export const SPONSOR_CATALOG: readonly SponsorCatalogEntry[] = SPONSOR_SOURCES.map((s) => {
  const entry = BY_SLUG[s.slug];
  if (!entry) throw new Error(`sponsor catalog has no entry for ${s.slug}`);
  if (entry.source.kind !== s.ingest)
    throw new Error(
      `sponsor ${s.slug}: catalog says ${entry.source.kind}, sources say ${s.ingest}`,
    );
  return entry;
});

export function catalogEntry(slug: string): SponsorCatalogEntry {
  const entry = BY_SLUG[slug];
  if (!entry) throw new Error(`unknown sponsor slug: ${slug}`);
  return entry;
}

export function sponsorIdentity(slug: string): SourceIdentity {
  const identity = SPONSOR_SOURCES.find((s) => s.slug === slug);
  if (!identity) throw new Error(`unknown sponsor slug: ${slug}`);
  return identity;
}

/** Position in catalog order; the merge uses it to decide which sponsor wins. */
export function catalogRank(slug: string): number {
  const i = SPONSOR_SOURCES.findIndex((s) => s.slug === slug);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}
