/**
 * Study ids in each sponsor's own style, for sponsor-only demo trials. Every id starts
 * with "DEMO-" so none can be taken for a real study. `#` is a digit, `@` a capital letter.
 */
import type { DemoRandom } from './random.js';

const PATTERNS: Readonly<Record<string, string>> = {
  astrazeneca: 'D####C#####',
  merck: 'MK-####-###',
  pfizer: 'B#######',
  roche: 'GO#####',
  bms: 'CA###-###',
  novartis: 'C@@@###A####',
  amgen: '20######',
  jnj: '########NSC####',
  lilly: 'J#@-MC-J@@@',
  takeda: 'TAK-###-####',
  'daiichi-sankyo': 'DS####-###',
  'boehringer-ingelheim': '1###-####',
  regeneron: 'R####-ONC-####',
  gilead: 'GS-US-###-####',
  abbvie: 'M##-###',
  bayer: '#####',
  beigene: 'BGB-A###-###',
  sanofi: 'EFC#####',
  gsk: '2######',
};

export function sponsorStudyId(slug: string, rng: DemoRandom): string {
  const pattern = PATTERNS[slug] ?? '######';
  let id = '';
  for (const ch of pattern) {
    if (ch === '#') id += String(rng.int(0, 9));
    else if (ch === '@') id += String.fromCharCode(65 + rng.int(0, 25));
    else id += ch;
  }
  return `DEMO-${id}`;
}
