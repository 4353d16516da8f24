/**
 * The stage contract: `stageData` returns the type the producing stage declared in
 * StageOutputs, and a stage can read only the stages STAGE_DEPENDS_ON lists for it (a
 * compile error, and a runtime error for a caller that casts its way past the types).
 * The flow's tree (STAGE_WAITS_FOR) finishes every input of a stage before the stage.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { openRunContext, type RunContext } from '../../../pipeline/run/context.js';
import { stageData, type StageContext } from '../../../pipeline/run/run-stage.js';
import {
  FINAL_STAGE,
  STAGE_DEPENDS_ON,
  STAGE_NAMES,
  STAGE_WAITS_FOR,
  type StageName,
} from '../../../pipeline/run/stage-names.js';
import type {
  EnrichStageData,
  GeocodeStageData,
  StageOutputs,
} from '../../../pipeline/run/stage-outputs.js';

let dir: string;
let ctx: RunContext;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-contract-'));
  const deps = {
    dataDir: path.join(dir, 'data'),
    snapshotRoot: path.join(dir, 'snapshots'),
    logger: createLogger('silent'),
  };
  ctx = await openRunContext(
    'run-contract',
    { registryDump: path.join(dir, 'dump.jsonl'), now: '2026-10-01T00:00:00.000Z' },
    deps,
  );
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('stageData', () => {
  it("has the producing stage's type, and refuses a stage the reader does not declare (compile time)", () => {
    // Never called: the assertions are on types, checked by tsc (npm test runs it).
    const typesOnly = (flags: StageContext<'flags'>, geocode: StageContext<'geocode'>) => {
      expectTypeOf(stageData(flags, 'enrich')).resolves.toEqualTypeOf<EnrichStageData>();
      expectTypeOf(stageData(flags, 'geocode')).resolves.toEqualTypeOf<GeocodeStageData>();
      // @ts-expect-error geocode does not read the flags stage
      void stageData(geocode, 'flags');
      // @ts-expect-error geocode reads the enrich stage, not the sources before it
      void stageData(geocode, 'sponsor-csv');
    };
    expect(typesOnly).toBeTypeOf('function');
  });

  it('refuses at run time a stage the reader does not declare, before touching any artifact', async () => {
    ctx.held.scrape = { trials: [], flags: [] };
    const geocode = { ...ctx, stage: 'geocode' } as StageContext<'geocode'>;
    const undeclared = stageData as (c: StageContext<'geocode'>, s: StageName) => Promise<unknown>;
    await expect(undeclared(geocode, 'scrape')).rejects.toThrow(
      /stage geocode reads the data of scrape, which STAGE_DEPENDS_ON does not list/,
    );
    await expect(stageData({ ...ctx, stage: 'enrich' }, 'scrape')).resolves.toEqual({
      trials: [],
      flags: [],
    });
  });

  it('names a declared input that has not finished', async () => {
    await expect(stageData({ ...ctx, stage: 'flags' }, 'geocode')).rejects.toThrow(
      /stage geocode has not finished in run run-contract/,
    );
  });
});

describe('STAGE_DEPENDS_ON and the flow tree', () => {
  it('lists every stage after the stages it reads', () => {
    for (const [i, stage] of STAGE_NAMES.entries()) {
      for (const input of STAGE_DEPENDS_ON[stage])
        expect(STAGE_NAMES.indexOf(input), `${stage} reads ${input}`).toBeLessThan(i);
    }
  });

  it('waits, through STAGE_WAITS_FOR, for every stage whose data it reads, in a tree rooted at the final stage', () => {
    const waitedFor = (stage: StageName): StageName[] =>
      STAGE_WAITS_FOR[stage].flatMap((s) => [s, ...waitedFor(s)]);
    for (const stage of STAGE_NAMES)
      expect(waitedFor(stage)).toEqual(expect.arrayContaining([...STAGE_DEPENDS_ON[stage]]));
    const all = [FINAL_STAGE, ...waitedFor(FINAL_STAGE)];
    expect(all.sort()).toEqual([...STAGE_NAMES].sort());
    expect(STAGE_WAITS_FOR).toEqual({
      registry: [],
      'sponsor-csv': [],
      scrape: [],
      enrich: ['registry', 'sponsor-csv', 'scrape'],
      geocode: ['enrich'],
      flags: ['geocode'],
      publish: ['flags'],
    });
  });

  it('has one output type per stage', () => {
    expectTypeOf<keyof StageOutputs>().toEqualTypeOf<StageName>();
  });
});
