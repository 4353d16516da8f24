/**
 * `npm run eval:places`: the place-truth figures (see place-truth.ts) as a table.
 */
import { measureNci, measureV2, MAX_MILES_OFF, nciTruthSites } from './place-truth.js';

const { sites, contradictory, withoutZip } = await nciTruthSites();
console.log(
  `NCI CTS US sites with coordinates whose record agrees with itself: ${sites.length} ` +
    `(left out: ${withoutZip} without a known ZIP or state, ${contradictory} whose point, ZIP, ` +
    `state and town disagree by > ${MAX_MILES_OFF} mi)`,
);
console.log(
  `${'address given'.padEnd(38)}  sites  placed  >${MAX_MILES_OFF}mi  wrong state  state filled`,
);
for (const f of await measureNci(sites)) {
  console.log(
    `${f.scenario.padEnd(38)} ${String(f.sites).padStart(6)}  ${String(f.placed).padStart(6)}  ` +
      `${String(f.farOff).padStart(6)}  ${String(f.wrongState).padStart(11)}  ` +
      `${String(f.statesFilled).padStart(12)}`,
  );
  for (const e of f.examples) console.log(`    ${e}`);
  if (process.argv.includes('--verbose')) console.log('   ', JSON.stringify(f.summary));
}
const v2 = await measureV2();
console.log(
  `\nshared v2 records: ${v2.usSites} US sites (city + country only), ${v2.placed} placed, ` +
    `${v2.statesFilled} states filled, ${v2.awayFromNamedTown} placed > ${MAX_MILES_OFF} mi ` +
    `from any town of the record's name`,
);
for (const e of v2.examples) console.log(`    ${e}`);
if (process.argv.includes('--verbose')) console.log('   ', JSON.stringify(v2.summary));
