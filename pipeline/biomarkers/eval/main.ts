/**
 * npm run eval:biomarkers [-- --json] [-- --errors] [-- --explain NCT...] [-- --batch blind-4]
 *   [-- --ids NCT...] [-- --real dev|test|<batch>]
 */
import { Command } from 'commander';
import { explainBiomarkers } from '../extract.js';
import { loadCorpus, MissingDataError } from './corpus.js';
import { evaluate, loadReal, DEFAULT_LABELS, type EvaluationReport } from './evaluate.js';
import type { Figures } from './score.js';
import { formatUnit, rowToUnit } from './units.js';

const HELP = `
Matching unit: one biomarker requirement of one trial, (nct_id, gene, alteration, requirement).
  alteration is the canonical id of domain/biomarkers.ts (EGFR:EX19DEL, KRAS:G12C, ALK:FUSION ...),
  or '*' for a gene-level row ("EGFR-mutant"); for PD-L1 it is the expression range
  (metric, comparator and cut-off: TPS>=50, TPS<1, TPS1-49, CPS>=10), so a wrong cut-off counts
  as one false positive and one false negative. Rows are deduplicated per trial before scoring.
Overall figures are micro-averaged over all units, separately for required and excluded.
Gene level collapses units to (nct_id, gene, requirement). Per-alteration groups are gene:alteration.
Labels: ${DEFAULT_LABELS} (trials labelled by reading their criteria; an empty list = no requirement).
Criteria text: ../shared/data/ctgov (v2/studies.jsonl, then lung_trials_unified.jsonl), read at run time.`;

const pct = (x: number) => (100 * x).toFixed(1).padStart(5);
const line = (name: string, f: Figures) =>
  `${name.padEnd(22)} P ${pct(f.precision)}  R ${pct(f.recall)}  F1 ${pct(f.f1)}   ` +
  `(tp ${f.tp}, fp ${f.fp}, fn ${f.fn})`;

function print(r: EvaluationReport, showErrors: boolean): void {
  const out: string[] = [];
  out.push(
    `Biomarker extraction: ${r.trials} labelled trials (${r.trialsWithBiomarkers} with biomarker ` +
      `rows), ${r.expectedRows} expected rows, ${r.extractedRows} extracted`,
  );
  out.push('', 'Overall, alteration level (micro):');
  out.push(
    line('required', r.overall.required),
    line('excluded', r.overall.excluded),
    line('all', r.overall.all),
  );
  out.push('', 'Overall, gene level (micro):');
  out.push(
    line('required', r.geneLevel.required),
    line('excluded', r.geneLevel.excluded),
    line('all', r.geneLevel.all),
  );
  out.push('', 'Per requirement (alteration level):');
  for (const [k, f] of Object.entries(r.byRequirement)) out.push(line(k, f));
  out.push('', 'Per gene (gene level):');
  for (const [k, f] of Object.entries(r.byGene)) out.push(line(k, f));
  out.push('', 'Per alteration (gene:alteration, * = gene level):');
  for (const [k, f] of Object.entries(r.byAlteration)) out.push(line(k, f));
  if (r.diagnosis) {
    out.push(
      '',
      `Diagnosis type (nsclc / sclc / both / none): ${r.diagnosis.right} of ${r.diagnosis.total} right`,
    );
    if (showErrors)
      for (const w of r.diagnosis.wrong)
        out.push(`  ${w.nct_id} label ${w.label}, classified ${w.got}`);
  }
  out.push(
    '',
    'ConText rule firings (markers reached; pseudo and terminate rows: criteria holding the cue; ' +
      '0 = never fired on this set):',
  );
  for (const [id, n] of Object.entries(r.ruleFirings).sort((a, b) => b[1] - a[1]))
    out.push(`${String(n).padStart(6)}  ${id}`);
  if (showErrors) {
    out.push(
      '',
      'Disagreements (missed = labelled but not extracted; spurious = extracted but not labelled):',
    );
    for (const e of r.errors)
      out.push(`${e.nct_id}  missed [${e.missed.join(' ')}]  spurious [${e.spurious.join(' ')}]`);
  }
  console.log(out.join('\n'));
}

const program = new Command()
  .name('eval:biomarkers')
  .description('Scores the biomarker extractor against the labelled trials.')
  .option('--json', 'print the report as JSON')
  .option('--errors', 'list each trial where extraction and labels disagree')
  .option(
    '--explain <nctIds...>',
    'print the rows extracted for these trials with the rule behind each',
  )
  .option('--labels <file>', 'labels file', DEFAULT_LABELS)
  .option('--data <dir>', 'directory of the shared ClinicalTrials.gov sample')
  .option('--batch <name>', 'score only the trials of one batch of the labels file (e.g. blind-4)')
  .option('--ids <nctIds...>', 'score only these labelled trials')
  .option(
    '--real <batch>',
    'score a real blind batch (real-batches/<batch>.json) or a whole split: dev, test',
  )
  .addHelpText('after', HELP)
  .action(
    (opts: {
      json?: boolean;
      errors?: boolean;
      explain?: string[];
      labels: string;
      data?: string;
      batch?: string;
      ids?: string[];
      real?: string;
    }) => {
      try {
        if (opts.explain) {
          const corpus = opts.real ? loadReal(opts.real).corpus : loadCorpus(opts.data);
          for (const id of opts.explain) {
            const t = corpus.get(id);
            if (!t) {
              console.log(`${id}: not in the data`);
              continue;
            }
            for (const r of explainBiomarkers(t))
              console.log(
                `${id} ${formatUnit(rowToUnit(r)).padEnd(20)} ` +
                  `[${r.section}: ${r.rules.join(', ') || 'section'}] ${r.source_text}`,
              );
          }
          return;
        }
        const report = evaluate({
          labelsFile: opts.labels,
          dataDir: opts.data,
          batch: opts.batch,
          ids: opts.ids,
          real: opts.real,
        });
        if (opts.json) console.log(JSON.stringify(report, null, 2));
        else print(report, !!opts.errors);
      } catch (err) {
        if (err instanceof MissingDataError) {
          console.error(err.message);
          process.exitCode = 2;
          return;
        }
        throw err;
      }
    },
  );

program.parse();
