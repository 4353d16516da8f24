/**
 * Where a child's time went: reads a .cpuprofile written by `npm run bench -- --profile`
 * and prints self time per function and inclusive time of the main steps. For a server,
 * only the samples from the first HTTP request on count (not the snapshot open); for a
 * pipeline run, all of them.
 *
 *   npx tsx bench/profile-summary.ts bench/.data/profiles/api-<time>/<largest>.cpuprofile [top]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Functions whose inclusive share is worth seeing: a request's steps, a pipeline run's stages. */
const STEPS = [
  'parserOnIncoming',
  'apiKey',
  'rateLimit',
  'parseTrialsQuery',
  'matchFilters',
  'searchTrials',
  'within',
  'markWithin',
  'renderTrialList',
  'renderWithQuota',
  'getTrial',
  'sendJsonBytes',
  'writev',
  'corsMiddleware',
  'registryStage',
  'sponsorCsvStage',
  'scrapeStage',
  'enrichStage',
  'geocodeStage',
  'flagsStage',
  'publishStage',
  'readArtifact',
  'writeArtifact',
  'stageData',
  'publishSnapshot',
  '(garbage collector)',
];

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split('/').pop() ?? '';
  return `${functionName || '(anonymous)'} ${file}${lineNumber >= 0 && file ? `:${lineNumber + 1}` : ''}`.trim();
}

function main(): void {
  const [file, topArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackNames = (id: number): Set<string> => {
    const names = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      names.add(byId.get(at)!.callFrame.functionName);
    return names;
  };

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const server = profile.nodes.some((n) => n.callFrame.functionName === 'parserOnIncoming');
  let started = !server;
  let total = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const dt = profile.timeDeltas[i] ?? 0;
    const names = stackNames(id);
    started ||= names.has('parserOnIncoming');
    if (!started) continue;
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(idle)') {
      idle += dt;
      continue;
    }
    total += dt;
    const key = label(byId.get(id)!);
    self.set(key, (self.get(key) ?? 0) + dt);
    for (const step of STEPS)
      if (names.has(step)) inclusive.set(step, (inclusive.get(step) ?? 0) + dt);
  }
  if (total === 0) throw new Error(`${file}: no samples after the first request`);
  const pct = (t: number) => `${((t / total) * 100).toFixed(1).padStart(5)}%`;
  console.log(
    `${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle${server ? ' after the first request' : ''}`,
  );
  console.log('\ninclusive (share of busy time):');
  for (const step of STEPS)
    if (inclusive.has(step)) console.log(`  ${pct(inclusive.get(step)!)}  ${step}`);
  console.log('\nself time:');
  const top = Number(topArg ?? 25);
  for (const [key, t] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(t)}  ${key}`);
}

main();
