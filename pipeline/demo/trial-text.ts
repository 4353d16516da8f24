/**
 * The words of a demo trial: titles, summaries, conditions, interventions, outcomes and
 * eligibility text. The text states what the structured fields say (diagnosis type,
 * stage, age, sex, biomarker clauses), so the extractors find in it what the tables hold.
 */
import type { Gene } from '../../domain/biomarkers.js';
import type { Intervention, Outcome, Publication, StudyDocument } from '../../domain/rows.js';
import { phaseLabel } from '../../domain/phase.js';
import type { BiomarkerPlan } from './biomarker-plan.js';
import type { DemoRandom } from './random.js';
import { DEMO_BASE_URL } from './scale.js';
import { isoDate, type TrialPlan } from './trial-plan.js';
import {
  DEMO_AGENTS,
  DOCUMENT_TYPES,
  INTERVENTION_TYPES,
  MESH,
  PRIMARY_OUTCOMES,
  SECONDARY_OUTCOMES,
  STANDARD_AGENTS,
  type MeshTerm,
} from './vocabulary.js';

export interface TrialText {
  brief_title: string;
  official_title: string;
  brief_summary: string;
  detailed_description: string | null;
  plain_language_summary: string | null;
  conditions: string[];
  keywords: string[];
  mesh: MeshTerm[];
  interventions: Intervention[];
  primary_outcomes: Outcome[];
  secondary_outcomes: Outcome[];
  study_documents: StudyDocument[];
  publications: Publication[];
  inclusion_criteria: string | null;
  exclusion_criteria: string | null;
}

const NSCLC_STAGE_TEXT: Readonly<Record<string, string>> = {
  early: 'Early-stage (stage IA-IIA) NSCLC',
  resectable: 'Resectable stage II-IIIB NSCLC',
  stage_iii_unresectable: 'Unresectable stage III NSCLC',
  locally_advanced: 'Locally advanced NSCLC not amenable to curative therapy',
  metastatic: 'Metastatic (stage IV) NSCLC',
};

function diseaseName(plan: TrialPlan): string {
  const stage =
    plan.sclc_pattern === 'limited'
      ? 'Limited-Stage '
      : plan.sclc_pattern === 'extensive'
        ? 'Extensive-Stage '
        : '';
  switch (plan.diagnosis) {
    case 'nsclc':
      return plan.nsclc_stages.includes('metastatic')
        ? 'Metastatic Non-Small Cell Lung Cancer'
        : 'Non-Small Cell Lung Cancer';
    case 'sclc':
      return `${stage}Small Cell Lung Cancer`;
    case 'both':
      return 'Non-Small Cell or Small Cell Lung Cancer';
    default:
      return 'Lung Cancer';
  }
}

const THEME_TITLE: Readonly<Record<Gene, string>> = {
  EGFR: 'EGFR-Mutant',
  KRAS: 'KRAS-Mutant',
  ALK: 'ALK-Positive',
  ROS1: 'ROS1-Positive',
  BRAF: 'BRAF-Mutant',
  MET: 'MET-Altered',
  RET: 'RET Fusion-Positive',
  NTRK: 'NTRK Fusion-Positive',
  HER2: 'HER2-Altered',
  'PD-L1': 'PD-L1-Selected',
};

function agentFor(plan: TrialPlan, bio: BiomarkerPlan | undefined, rng: DemoRandom): string {
  if (bio?.theme) return rng.pick(DEMO_AGENTS[bio.theme]);
  if (plan.diagnosis === 'sclc') return rng.pick(DEMO_AGENTS.SCLC);
  return rng.pick(rng.chance(0.6) ? DEMO_AGENTS.IO : DEMO_AGENTS.OTHER);
}

export function buildTrialText(
  plan: TrialPlan,
  bio: BiomarkerPlan | undefined,
  rng: DemoRandom,
): TrialText {
  const agent = agentFor(plan, bio, rng);
  const Agent = agent[0].toUpperCase() + agent.slice(1);
  const disease = diseaseName(plan);
  const selected = bio?.theme ? `${THEME_TITLE[bio.theme]} ` : '';
  const label = phaseLabel(plan.phases);
  const observational = plan.study_type === 'Observational';
  const expanded = plan.study_type === 'Expanded Access';

  let brief: string;
  let official: string;
  if (observational) {
    brief = `[Demo] Real-World Outcomes of Patients With ${selected}${disease}`;
    official =
      `[Demo] A Prospective Observational Registry of Treatment Patterns and Outcomes ` +
      `in ${selected}${disease} (${plan.nct_id})`;
  } else if (expanded) {
    brief = `[Demo] Expanded Access to ${Agent} for ${selected}${disease}`;
    official =
      `[Demo] Expanded Access Program Providing ${Agent} to Patients With ` +
      `${selected}${disease} Without Other Options`;
  } else {
    const design = plan.phases.includes('PHASE3')
      ? 'Randomized, Open-Label'
      : plan.phases.includes('PHASE1')
        ? 'First-in-Human, Dose-Escalation and Expansion'
        : 'Single-Arm';
    const combo =
      plan.diagnosis === 'sclc'
        ? ' With Etoposide and Platinum'
        : rng.chance(0.35)
          ? ` Plus ${rng.pick(STANDARD_AGENTS)}`
          : '';
    brief = `[Demo] ${Agent}${combo} in ${selected}${disease}`;
    official =
      `[Demo] A ${label && label !== 'N/A' ? label + ', ' : ''}${design} Study of ` +
      `${Agent}${combo} in Participants With ${selected}${disease}`;
  }

  const conditions = conditionsFor(plan, bio);
  const keywords = keywordsFor(plan, bio);
  const mesh = meshFor(plan);
  const interventions = interventionsFor(plan, Agent, rng);
  const primary = observational
    ? [PRIMARY_OUTCOMES[1]]
    : expanded
      ? []
      : [rng.pick(PRIMARY_OUTCOMES)];
  const secondary = expanded ? [] : rng.sample(SECONDARY_OUTCOMES, rng.int(0, 4));

  return {
    brief_title: brief,
    official_title: official,
    brief_summary:
      `This is a synthetic demo record, not a real clinical trial. It describes a ` +
      `${label ?? plan.study_type.toLowerCase()} study of ${agent} in adults with ` +
      `${selected.toLowerCase()}${disease.toLowerCase()}, sponsored by ${plan.sponsor}.`,
    detailed_description: rng.chance(0.7)
      ? `Demo data generated by lungtrials for testing and demonstration. Participants receive ${agent}${
          interventions.length > 1
            ? ' with ' +
              interventions
                .slice(1)
                .map((i) => i.name)
                .join(' and ')
            : ''
        } until disease progression or unacceptable toxicity. Tumor assessments follow RECIST 1.1 every 6 weeks.`
      : null,
    plain_language_summary: rng.chance(0.2)
      ? `A made-up study used to demonstrate the lung trial search service. It tests ${agent} ` +
        `in people with lung cancer.`
      : null,
    conditions,
    keywords,
    mesh,
    interventions,
    primary_outcomes: primary.map(toOutcome),
    secondary_outcomes: secondary.map(toOutcome),
    study_documents: documentsFor(plan, rng),
    publications: publicationsFor(plan, brief, rng),
    ...(plan.has_eligibility
      ? criteriaFor(plan, bio, rng)
      : { inclusion_criteria: null, exclusion_criteria: null }),
  };
}

function toOutcome(o: {
  measure: string;
  time_frame: string;
  description: string | null;
}): Outcome {
  return { measure: o.measure, time_frame: o.time_frame, description: o.description };
}

function conditionsFor(plan: TrialPlan, bio: BiomarkerPlan | undefined): string[] {
  const out: string[] = [];
  if (plan.diagnosis_types.includes('nsclc')) {
    out.push('Non-Small Cell Lung Cancer');
    if (plan.nsclc_stages.includes('metastatic')) out.push('Metastatic Non-Small Cell Lung Cancer');
    if (bio?.theme && bio.theme !== 'PD-L1')
      out.push(`${THEME_TITLE[bio.theme]} Non-Small Cell Lung Cancer`);
  }
  if (plan.diagnosis_types.includes('sclc')) {
    if (plan.sclc_pattern === 'limited' || plan.sclc_pattern === 'both')
      out.push('Limited-stage Small Cell Lung Cancer');
    if (plan.sclc_pattern === 'extensive' || plan.sclc_pattern === 'both')
      out.push('Extensive-stage Small Cell Lung Cancer');
    if (plan.sclc_pattern === 'none') out.push('Small Cell Lung Cancer');
  }
  if (plan.diagnosis === 'none') out.push('Lung Cancer', 'Lung Neoplasms');
  return out;
}

function keywordsFor(plan: TrialPlan, bio: BiomarkerPlan | undefined): string[] {
  const out: string[] = [];
  if (plan.diagnosis_types.includes('nsclc')) out.push('NSCLC');
  if (plan.diagnosis_types.includes('sclc')) out.push('SCLC');
  if (bio?.theme) out.push(bio.theme === 'PD-L1' ? 'immunotherapy' : 'targeted therapy', bio.theme);
  if (plan.study_type === 'Observational') out.push('real-world evidence');
  out.push('demo');
  return out;
}

function meshFor(plan: TrialPlan): MeshTerm[] {
  const out: MeshTerm[] = [MESH.lung];
  if (plan.diagnosis_types.includes('nsclc')) out.push(MESH.nsclc);
  if (plan.diagnosis_types.includes('sclc')) out.push(MESH.sclc);
  if (plan.nsclc_stages.includes('metastatic')) out.push(MESH.neoplasmsSecondary);
  return out;
}

function interventionsFor(plan: TrialPlan, agent: string, rng: DemoRandom): Intervention[] {
  if (plan.study_type === 'Observational') {
    return rng.chance(0.6)
      ? [
          {
            type: 'OTHER',
            name: 'Standard of care (no study treatment)',
            description: 'Treatment chosen by the physician; data collected only.',
          },
        ]
      : [];
  }
  if (plan.phases.length === 1 && plan.phases[0] === 'NA') {
    const type = rng.pick([
      'DEVICE',
      'BEHAVIORAL',
      'RADIATION',
      'PROCEDURE',
      'DIAGNOSTIC_TEST',
    ] as const);
    return [
      {
        type,
        name: `Demo ${type.toLowerCase().replace('_', ' ')} intervention`,
        description: 'A synthetic non-drug intervention for the demo dataset.',
      },
    ];
  }
  const type = /mab\b|mab /.test(agent) ? 'BIOLOGICAL' : 'DRUG';
  const out: Intervention[] = [
    {
      type,
      name: agent,
      description: `Investigational demo agent ${agent}, given as specified in the protocol.`,
    },
  ];
  const extra =
    plan.diagnosis === 'sclc'
      ? ['Etoposide', 'Carboplatin']
      : rng.sample(STANDARD_AGENTS, rng.int(0, 2));
  for (const name of extra)
    out.push({
      type: 'DRUG',
      name,
      description: rng.chance(0.5) ? 'Standard dose per label.' : null,
    });
  if (plan.sclc_pattern === 'limited' && rng.chance(0.7))
    out.push({
      type: 'RADIATION',
      name: 'Thoracic radiotherapy',
      description: '45 Gy in 30 twice-daily fractions.',
    });
  if (rng.chance(0.03))
    out.push({
      type: rng.pick(INTERVENTION_TYPES),
      name: 'Demo correlative biopsy',
      description: null,
    });
  return out;
}

function documentsFor(plan: TrialPlan, rng: DemoRandom): StudyDocument[] {
  if (!rng.chance(0.2)) return [];
  return rng.sample(DOCUMENT_TYPES, rng.int(1, 2)).map((type, i) => ({
    type,
    url: rng.chance(0.9)
      ? `${DEMO_BASE_URL}/documents/${plan.nct_id}/${type.toLowerCase().replace(/\s+/g, '-')}.pdf`
      : null,
    date: rng.chance(0.9) ? isoDate(plan.dates.first_posted + i * 86_400_000 * 30) : null,
  }));
}

function publicationsFor(plan: TrialPlan, title: string, rng: DemoRandom): Publication[] {
  const finished =
    plan.overall_status === 'COMPLETED' || plan.overall_status === 'ACTIVE_NOT_RECRUITING';
  if (!rng.chance(finished ? 0.25 : 0.05)) return [];
  const year = new Date(plan.dates.last_updated).getUTCFullYear();
  return Array.from({ length: rng.int(1, 2) }, (_, k) => ({
    pmid: rng.chance(0.8) ? `DEMO-PM-${plan.nct_id.slice(5)}${k}` : null,
    citation:
      `Demo Investigators. ${title.replace('[Demo] ', '')}: ` +
      `${k === 0 ? 'primary results' : 'updated analysis'}. Demo J Thorac Oncol. ` +
      `${year};${rng.int(1, 20)}(${rng.int(1, 12)}):${rng.int(1, 900)}. (synthetic citation)`,
    type: k === 0 ? 'RESULT' : rng.pick(['RESULT', 'BACKGROUND', 'DERIVED']),
  }));
}

function ageLine(plan: TrialPlan): string | null {
  const { age_min: lo, age_max: hi } = plan;
  if (lo !== null && hi !== null) return `Age ${lo} to ${hi} years at the time of consent.`;
  if (lo !== null) return `Age >= ${lo} years at the time of consent.`;
  if (hi !== null) return `Age <= ${hi} years at the time of consent.`;
  return null;
}

function diagnosisLines(plan: TrialPlan): string[] {
  const out: string[] = [];
  switch (plan.diagnosis) {
    case 'nsclc':
      out.push('Histologically or cytologically confirmed non-small cell lung cancer (NSCLC).');
      break;
    case 'sclc':
      out.push('Histologically or cytologically confirmed small cell lung cancer (SCLC).');
      break;
    case 'both':
      out.push(
        'Histologically or cytologically confirmed non-small cell or small cell lung cancer.',
      );
      break;
    default:
      out.push('Histologically or cytologically confirmed primary lung cancer.');
  }
  for (const s of plan.nsclc_stages) out.push(`${NSCLC_STAGE_TEXT[s]}.`);
  if (plan.sclc_pattern === 'limited')
    out.push(
      'Limited-stage disease (LS-SCLC): stage I-III that can be safely treated with definitive radiation doses.',
    );
  if (plan.sclc_pattern === 'extensive')
    out.push(
      'Extensive-stage disease (ES-SCLC) per the Veterans Administration Lung Study Group staging system.',
    );
  if (plan.sclc_pattern === 'both') out.push('Limited-stage or extensive-stage SCLC.');
  return out;
}

function criteriaFor(
  plan: TrialPlan,
  bio: BiomarkerPlan | undefined,
  rng: DemoRandom,
): { inclusion_criteria: string; exclusion_criteria: string } {
  const inc: string[] = [];
  const exc: string[] = [];
  const age = ageLine(plan);
  if (age) inc.push(age);
  if (plan.sex === 'FEMALE') inc.push('Female participants only.');
  if (plan.sex === 'MALE') inc.push('Male participants only.');
  inc.push(...diagnosisLines(plan));
  for (const c of bio?.set.clauses ?? []) (c.section === 'inclusion' ? inc : exc).push(c.sentence);
  if (plan.study_type !== 'Observational') {
    inc.push(
      'ECOG performance status of 0 or 1.',
      'At least one measurable lesion per RECIST 1.1.',
      'Adequate bone marrow, liver and renal function.',
    );
    exc.push(
      'Symptomatic or untreated central nervous system metastases.',
      'Active autoimmune disease requiring systemic treatment in the past 2 years.',
    );
    if (rng.chance(0.5))
      exc.push(
        'History of interstitial lung disease or non-infectious pneumonitis requiring steroids.',
      );
    if (rng.chance(0.4))
      exc.push(
        'Prior treatment with the investigational agent or another agent of the same class.',
      );
  } else {
    inc.push('Willing to provide consent for collection of clinical data.');
    exc.push('Participation in an interventional trial that prohibits registry enrolment.');
  }
  if (plan.sex !== 'MALE') exc.push('Pregnant or breastfeeding.');
  return { inclusion_criteria: bullets(inc), exclusion_criteria: bullets(exc) };
}

function bullets(lines: readonly string[]): string {
  return lines.map((l) => `* ${l}`).join('\n');
}
