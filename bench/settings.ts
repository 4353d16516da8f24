/** Command line of `npm run bench` and what each mode measures. */
import { parseArgs } from 'node:util';

export const PARTS = ['api', 'geo', 'pipeline', 'memory'] as const;
export type BenchPart = (typeof PARTS)[number];

export interface BenchSettings {
  mode: 'full' | 'quick';
  parts: BenchPart[];
  /** Measured seconds per HTTP mix, after an unrecorded warm-up. */
  mixSeconds: number;
  warmupSeconds: number;
  /** Random ZIP centres per radius, in the HTTP mixes and the geo comparison. */
  zipCount: number;
  /** Also load an API child whose keys and counters live in Redis (skipped if Redis is down). */
  redis: boolean;
  /** Write a CPU profile of each server child to bench/.data/profiles. */
  profile: boolean;
  /** Only the HTTP mixes whose name contains one of these (the ceiling always runs). */
  mixes: string[];
  log(line: string): void;
}

export const USAGE = `npm run bench [-- options]
  --quick              3 s per HTTP mix, fewer geo queries (about 3 minutes in all)
  --only <parts>       comma-separated subset of ${PARTS.join(', ')} (repeatable)
  --no-redis           skip the Redis-backed API run
  --profile            CPU-profile the server children (bench/.data/profiles/*.cpuprofile)
  --mix <text>         only the HTTP mixes whose name contains the text (repeatable), e.g. --mix "zip 500"`;

export function parseSettings(argv: string[]): BenchSettings {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      'no-redis': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      mix: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const requested = (values.only ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  for (const part of requested) {
    if (!(PARTS as readonly string[]).includes(part))
      throw new Error(`--only: unknown part '${part}' (expected ${PARTS.join(', ')})`);
  }
  const quick = values.quick;
  return {
    mode: quick ? 'quick' : 'full',
    parts: requested.length > 0 ? PARTS.filter((p) => requested.includes(p)) : [...PARTS],
    mixSeconds: quick ? 3 : 10,
    warmupSeconds: quick ? 1 : 2,
    zipCount: quick ? 150 : 500,
    redis: !values['no-redis'],
    profile: values.profile,
    mixes: values.mix ?? [],
    log: (line) => console.log(line),
  };
}
