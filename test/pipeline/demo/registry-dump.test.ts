import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoTables, writeRegistryDump } from '../../../pipeline/demo/index.js';
import { sharedCtgovDir } from '../../../config/shared-data.js';

const ctgovDir = sharedCtgovDir();
const REAL_V2 = path.join(ctgovDir, 'original/ctgov_v2_biomcp/get_nct02576665_20260811.json');

const NOW = new Date('2026-11-22T00:00:00Z');
let dir: string;
let studies: Array<Record<string, any>>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-dump-'));
  const out = path.join(dir, 'nested', 'dump.jsonl');
  const result = await writeRegistryDump({ scale: 'demo', now: NOW, out });
  const lines = (await fs.readFile(out, 'utf8')).split('\n').filter(Boolean);
  expect(result.studies).toBe(lines.length);
  studies = lines.map((l) => JSON.parse(l));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Leaf paths of a JSON value with their JS type; array items collapse to `[]`. */
function leafPaths(
  value: unknown,
  prefix = '',
  out = new Map<string, string>(),
): Map<string, string> {
  if (Array.isArray(value)) value.forEach((v) => leafPaths(v, `${prefix}[]`, out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leafPaths(v, `${prefix}.${k}`, out);
  else out.set(prefix, typeof value);
  return out;
}

describe('writeRegistryDump', () => {
  it('writes one v2 study per demo trial, the same trials as the snapshot tables', () => {
    const tables = generateDemoTables({ scale: 'demo', now: NOW });
    expect(studies.map((s) => s.protocolSection.identificationModule.nctId)).toEqual(
      tables.trials.map((t) => t.nct_id),
    );
    const byId = new Map(tables.trials.map((t) => [t.nct_id, t]));
    for (const s of studies) {
      const p = s.protocolSection;
      const trial = byId.get(p.identificationModule.nctId)!;
      expect(p.identificationModule.briefTitle).toBe(trial.brief_title);
      expect(p.statusModule.overallStatus).toBe(trial.overall_status ?? undefined);
      expect(p.statusModule.lastUpdatePostDateStruct).toEqual({ date: trial.last_updated });
      expect(p.eligibilityModule.sex).toBe(trial.sex);
      expect(p.eligibilityModule.minimumAge).toBe(
        trial.age_min === null ? undefined : `${trial.age_min} Years`,
      );
      expect(p.contactsLocationsModule?.locations?.length ?? 0).toBe(trial.location_count);
      if (trial.inclusion_criteria !== null) {
        expect(p.eligibilityModule.eligibilityCriteria).toMatch(
          /^Inclusion Criteria:\n\n[\s\S]+\n\nExclusion Criteria:\n\n/,
        );
        expect(p.eligibilityModule.eligibilityCriteria).toContain(trial.inclusion_criteria);
      }
      expect(s.derivedSection.conditionBrowseModule.meshes.length).toBeGreaterThan(0);
    }
  });

  it('spells US states out and leaves some sites without a geoPoint for the geocoder', () => {
    const locations = studies.flatMap(
      (s) => s.protocolSection.contactsLocationsModule?.locations ?? [],
    );
    const us = locations.filter((l) => l.country === 'United States' && l.state);
    expect(us.length).toBeGreaterThan(100);
    for (const l of us) expect(l.state).toMatch(/^[A-Z][a-z]+|^U\.S\./);
    const withPoint = locations.filter((l) => l.geoPoint);
    expect(withPoint.length / locations.length).toBeGreaterThan(0.75);
    expect(withPoint.length / locations.length).toBeLessThan(0.95);
    expect(locations.some((l) => !l.geoPoint && l.zip && l.city)).toBe(true);
    expect(locations.some((l) => !l.geoPoint && !l.city)).toBe(true);
  });

  it('has every field path of a real ClinicalTrials.gov v2 record, with the same types', async () => {
    if (!existsSync(REAL_V2))
      throw new Error(
        `Real v2 record missing: ${REAL_V2} (the shared ctgov data directory ${ctgovDir} is absent)`,
      );
    const real = leafPaths(JSON.parse(await fs.readFile(REAL_V2, 'utf8')));
    const ours = new Map<string, string>();
    for (const s of studies) for (const [k, v] of leafPaths(s)) ours.set(k, v);
    for (const [p, type] of real) expect(ours.get(p), p).toBe(type);
  });
});
