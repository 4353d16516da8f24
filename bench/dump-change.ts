/**
 * The incremental run's input: the full dump with 5% of its studies edited the way a
 * monthly registry update edits them (a new last-update date and one reworded
 * eligibility sentence), every other line byte-identical.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import seedrandom from 'seedrandom';

export const CHANGED_SHARE = 0.05;
/** After every date the generator writes (it works to BENCH_NOW). */
const CHANGED_UPDATE_DATE = '2026-11-20';
const AMENDMENT = ' (amended in protocol version 2).';

interface Study {
  protocolSection: {
    statusModule: { lastUpdatePostDateStruct?: { date: string } };
    eligibilityModule?: { eligibilityCriteria?: string };
  };
}

/** Rewords the first bullet of the criteria; null when the study has none. */
function amendCriteria(criteria: string | undefined): string | null {
  if (!criteria) return null;
  const match = /^\* .*$/m.exec(criteria);
  if (!match) return null;
  const amended = match[0].replace(/\.?\s*$/, AMENDMENT);
  return criteria.slice(0, match.index) + amended + criteria.slice(match.index + match[0].length);
}

export async function writeChangedDump(
  input: string,
  output: string,
  studies: number,
): Promise<{ changed: number }> {
  const rng = seedrandom('bench-incremental');
  const want = Math.round(studies * CHANGED_SHARE);
  // Selection sampling: exactly `want` of `studies` lines, in one pass.
  let needed = want;
  let left = studies;
  let changed = 0;
  const tmp = `${output}.tmp-${process.pid}`;
  const out = fs.createWriteStream(tmp);
  const lines = readline.createInterface({
    input: fs.createReadStream(input),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let text = line;
    if (left > 0 && rng() * left < needed) {
      const study = JSON.parse(line) as Study;
      const amended = amendCriteria(study.protocolSection.eligibilityModule?.eligibilityCriteria);
      // A study without criteria text cannot take this edit; the next one is chosen instead.
      if (amended !== null) {
        study.protocolSection.eligibilityModule!.eligibilityCriteria = amended;
        study.protocolSection.statusModule.lastUpdatePostDateStruct = { date: CHANGED_UPDATE_DATE };
        text = JSON.stringify(study);
        needed--;
        changed++;
      }
    }
    left--;
    if (!out.write(text + '\n'))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  await fs.promises.rename(tmp, output);
  return { changed };
}
