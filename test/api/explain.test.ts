/**
 * explain=true on /trials and match/evidence on the detail endpoint, over the real
 * registry records (../shared/data/ctgov) and a few hand-built trials for the cases the
 * real ones do not hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrialDetailResponseSchema, TrialListResponseSchema } from '../../api/openapi/schemas.js';
import type { BiomarkerRow } from '../../domain/rows.js';
import { realTables } from '../helpers/real-tables.js';
import { biomarkerRow, buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { startTestApi, type TestApi } from './http.js';

const EVERY_BUCKET = 'statusBuckets=recruiting,active,completed,unknown';
const MUTATIONS = [
  'EGFR:L858R',
  'EGFR:EX19DEL',
  'EGFR:T790M',
  'KRAS:G12C',
  'KRAS:G12D',
  'ALK:FUSION',
  'BRAF:V600E',
  'MET:EX14SKIP',
  'HER2:OVEREXP',
  'PD-L1:TPS>=50',
  'PD-L1:TPS<1',
];
const GENES = ['EGFR', 'KRAS', 'ALK', 'ROS1', 'BRAF', 'MET', 'RET', 'NTRK', 'HER2', 'PD-L1'];

interface Row {
  gene: string;
  alteration: string | null;
  requirement: string;
  section: string;
  source_text: string;
  criterion: string;
}

describe('explanations on the real registry records', () => {
  let api: TestApi;
  const details = new Map<string, any>();

  async function detail(id: string): Promise<any> {
    if (!details.has(id)) {
      const { status, body } = await api.json(`/api/v1/trials/${id}`);
      expect(status).toBe(200);
      details.set(id, body.data);
    }
    return details.get(id);
  }

  /**
   * The trial text a row's section names, as the extractor reads it: registry criteria
   * wrap lines with indentation inside a sentence and escape markdown (`\[TPS\]`, `\>`).
   */
  function sectionText(t: any, section: string): string {
    const text =
      section === 'inclusion' || section === 'exclusion'
        ? `${t.inclusion_criteria ?? ''}\n${t.exclusion_criteria ?? ''}`
        : section === 'title'
          ? `${briefTitles.get(t.nct_id) ?? ''}\n${t.official_title ?? ''}`
          : section === 'conditions'
            ? t.conditions.join('\n')
            : t.keywords.join('\n');
    return collapse(text);
  }
  const collapse = (s: string) => s.replace(/\\([^\w\s])/g, '$1').replace(/\s+/g, ' ');
  /** brief_title is a classifier input the representations do not carry. */
  const briefTitles = new Map<string, string | null>();

  beforeAll(async () => {
    const tables = await realTables();
    for (const t of tables.trials) briefTitles.set(t.nct_id, t.brief_title);
    api = await startTestApi(tables);
  }, 120_000);
  afterAll(async () => api?.close());

  it('gives every trial of a marker search its matched rows, each quoting the trial criteria', async () => {
    let checkedRows = 0;
    const queries = [
      ...MUTATIONS.map((m) => `mutations=${encodeURIComponent(m)}`),
      ...GENES.map((g) => `biomarkers=${encodeURIComponent(g)}`),
    ];
    for (const q of queries) {
      const plain = await api.json(`/api/v1/trials?${EVERY_BUCKET}&limit=200&${q}`);
      const { status, body } = await api.json(
        `/api/v1/trials?${EVERY_BUCKET}&limit=200&explain=true&${q}`,
      );
      expect(status).toBe(200);
      expect(TrialListResponseSchema.safeParse(body).success).toBe(true);
      // Same trials, same order, same fields: explain only adds `match`.
      expect(body.data.map((t: any) => t.nct_id)).toEqual(
        plain.body.data.map((t: any) => t.nct_id),
      );
      expect(body.data.map(({ match, ...rest }: any) => rest)).toEqual(plain.body.data);
      for (const t of body.data) {
        const { match } = t;
        expect(
          match.filters.every((f: { met: boolean }) => f.met),
          `${t.nct_id} ${q}`,
        ).toBe(true);
        const marker = match.filters.find(
          (f: { parameter: string }) => f.parameter === 'mutations' || f.parameter === 'biomarkers',
        );
        expect(match.biomarkers.matched.length, `${t.nct_id} ${q}`).toBeGreaterThan(0);
        expect(marker.evidence).toHaveLength(match.biomarkers.matched.length);
        const full = await detail(t.nct_id);
        for (const row of match.biomarkers.matched as Row[]) {
          expect(row.requirement).toBe('required');
          expect(sectionText(full, row.section), `${t.nct_id} ${row.source_text}`).toContain(
            collapse(row.source_text),
          );
          checkedRows++;
        }
        for (const row of match.biomarkers.excluding as Row[]) {
          expect(row.requirement).toBe('excluded');
          expect(sectionText(full, row.section)).toContain(collapse(row.source_text));
        }
      }
    }
    expect(checkedRows).toBeGreaterThan(30);
  });

  it('quotes the diagnosis and stage text behind each signal, and matches the detail view', async () => {
    const { body } = await api.json(
      `/api/v1/trials?${EVERY_BUCKET}&limit=200&explain=true&diagnosisType=sclc&cancerStage=extensive`,
    );
    expect(body.data.length).toBeGreaterThan(0);
    let quoted = 0;
    for (const t of body.data) {
      const full = await detail(t.nct_id);
      const type = t.match.filters.find(
        (f: { parameter: string }) => f.parameter === 'diagnosisType',
      );
      expect(type.met).toBe(true);
      if (full.diagnosis_types.includes('sclc'))
        expect(type.evidence.length, t.nct_id).toBeGreaterThan(0);
      // Untyped, or a basket of all solid tumours whatever types it lists: its population says why.
      else expect(type.reason).toMatch(/no diagnosis type signal|a basket of all solid tumours/);
      const stage = t.match.filters.find(
        (f: { parameter: string }) => f.parameter === 'cancerStage',
      );
      if (full.sclc_stages.includes('extensive'))
        expect(stage.evidence.length, t.nct_id).toBeGreaterThan(0);
      for (const e of [...type.evidence, ...stage.evidence]) {
        const field = e.field === 'brief_title' ? briefTitles.get(t.nct_id) : full[e.field];
        // A list field holds the text as one item; a text field holds it as one of its lines.
        if (Array.isArray(field)) expect(field, t.nct_id).toContain(e.text);
        else
          expect(
            String(field ?? '')
              .split('\n')
              .map((l) => l.trim()),
            `${t.nct_id} ${e.field}`,
          ).toContain(e.text);
        quoted++;
      }
      // The detail view's evidence holds the same signals, for any caller.
      for (const e of type.evidence)
        expect([
          ...full.evidence.diagnosis_types.filter((d: { value: string }) => d.value === 'sclc'),
          ...full.evidence.population,
        ]).toContainEqual(expect.objectContaining(e));
    }
    expect(quoted).toBeGreaterThan(0);
  });

  it('puts match (null without filters) and evidence on the detail view; filters there only shape match', async () => {
    const { body: list } = await api.json(
      `/api/v1/trials?${EVERY_BUCKET}&limit=1&explain=true&mutations=EGFR:L858R`,
    );
    const id = list.data[0].nct_id;
    const bare = await api.json(`/api/v1/trials/${id}`);
    expect(bare.body.data.match).toBeNull();
    expect(Object.keys(bare.body.data.evidence)).toEqual([
      'diagnosis_types',
      'sclc_stages',
      'nsclc_stages',
      'population',
      'excluded_types',
    ]);
    const matched = await api.json(`/api/v1/trials/${id}?${EVERY_BUCKET}&mutations=EGFR:L858R`);
    expect(matched.status).toBe(200);
    expect(TrialDetailResponseSchema.safeParse(matched.body).success).toBe(true);
    expect(TrialDetailResponseSchema.safeParse(bare.body).success).toBe(true);
    expect(matched.body.data.match).toEqual(list.data[0].match);
    const unmet = await api.json(`/api/v1/trials/${id}?mutations=KRAS:G12D`);
    expect(unmet.status).toBe(200);
    expect(
      unmet.body.data.match.filters.find((f: { parameter: string }) => f.parameter === 'mutations'),
    ).toMatchObject({ met: false, evidence: [] });
    for (const p of ['limit=5', 'offset=1', 'explain=true']) {
      const refused = await api.json(`/api/v1/trials/${id}?${p}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'invalid_parameter',
        parameter: p.split('=')[0],
      });
    }
    expect((await api.json(`/api/v1/trials/${id}?mutations=EGFR:NOPE`)).status).toBe(400);
  });

  it('names the nearest site of a ZIP search with its distance and geocoding precision', async () => {
    const plain = await api.json('/api/v1/trials?zip=10065&radius=100&limit=20');
    const { body } = await api.json('/api/v1/trials?zip=10065&radius=100&limit=20&explain=true');
    expect(body.data.length).toBeGreaterThan(0);
    expect(TrialListResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data.map((t: any) => t.nct_id)).toEqual(plain.body.data.map((t: any) => t.nct_id));
    for (const t of body.data) {
      const site = t.match.nearest_site;
      expect(site).toMatchObject({ ...t.nearest_site, distance_miles: t.distance_miles });
      expect(['site', 'zip', 'city']).toContain(site.geo_precision);
      expect(t.match.filters.at(-1)).toMatchObject({
        parameter: 'zip',
        value: '10065 within 100 mi',
        met: true,
      });
      const one = await api.json(`/api/v1/trials/${t.nct_id}?zip=10065&radius=100`);
      expect(one.body.data.match.nearest_site).toEqual(site);
    }
  });
});

describe('explanations on hand-built trials', () => {
  let api: TestApi;
  beforeAll(async () => {
    const lungOnly: Partial<BiomarkerRow> = { scope: 'lung' };
    const otherCohort: Partial<BiomarkerRow> = { scope: 'other_tumour' };
    api = await startTestApi(
      buildTables({
        trials: [trialRow('TEST-COVER'), trialRow('TEST-SCOPE')],
        sites: [
          siteRow('TEST-COVER', 0, {
            city: 'Chicago',
            state: 'IL',
            zip: '60611',
            latitude: 41.89,
            longitude: -87.62,
            geo_precision: 'zip',
          }),
        ],
        biomarkers: [
          biomarkerRow('TEST-COVER', 'KRAS', 'G12X', 'required', {
            source_text: 'KRAS G12 mutation',
          }),
          biomarkerRow('TEST-COVER', 'EGFR', 'L858R', 'required', { source_text: 'EGFR L858R' }),
          biomarkerRow('TEST-COVER', 'EGFR', 'T790M', 'excluded', { source_text: 'no T790M' }),
          biomarkerRow('TEST-SCOPE', 'KRAS', 'G12C', 'required', {
            ...lungOnly,
            source_text: 'NSCLC cohort: KRAS G12C',
          }),
          biomarkerRow('TEST-SCOPE', 'EGFR', 'L858R', 'required', {
            ...otherCohort,
            source_text: 'colorectal cohort: EGFR L858R',
          }),
        ],
      }),
    );
  });
  afterAll(async () => api?.close());

  it('says which broader row covers the asked alteration, and lists the row that would exclude the patient', async () => {
    const { body } = await api.json(
      '/api/v1/trials?explain=true&mutations=KRAS:G12C,EGFR:T790M&zip=60611&radius=10',
    );
    const t = body.data.find((x: any) => x.nct_id === 'TEST-COVER');
    const mutations = t.match.filters.find(
      (f: { parameter: string }) => f.parameter === 'mutations',
    );
    expect(mutations).toMatchObject({
      value: 'KRAS:G12C,EGFR:T790M',
      met: true,
      evidence: [{ field: 'inclusion', text: 'KRAS G12 mutation' }],
    });
    expect(mutations.reason).toBe(
      'KRAS:G12C: requires KRAS G12X, which covers G12C; EGFR:T790M: excluded (EGFR T790M)',
    );
    expect(t.match.biomarkers.matched).toEqual([
      expect.objectContaining({ gene: 'KRAS', alteration: 'G12X', criterion: 'KRAS:G12C' }),
    ]);
    expect(t.match.biomarkers.excluding).toEqual([
      expect.objectContaining({
        gene: 'EGFR',
        alteration: 'T790M',
        criterion: 'EGFR:T790M',
        source_text: 'no T790M',
      }),
    ]);
    expect(t.match.nearest_site).toMatchObject({ city: 'Chicago', geo_precision: 'zip' });
    expect(t.match.filters.map((f: { parameter: string }) => f.parameter)).toEqual([
      'statusBuckets',
      'mutations',
      'zip',
    ]);
  });

  it('never lists a row written for a non-lung cohort as matched', async () => {
    const { body } = await api.json('/api/v1/trials?explain=true&mutations=KRAS:G12C,EGFR:L858R');
    const t = body.data.find((x: any) => x.nct_id === 'TEST-SCOPE');
    expect(t.match.biomarkers.matched.map((r: Row) => r.source_text)).toEqual([
      'NSCLC cohort: KRAS G12C',
    ]);
  });
});
