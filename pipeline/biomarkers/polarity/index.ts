export { sentenceView, type Section, type SentenceView } from './context.js';
export { EXAMPLE_CUES, PDL1_NEGATIVE_BEFORE } from './patterns.js';
export { readPolarity, type Polarity } from './read.js';
export { MARKER_RULES, THERAPY_RULES, type PolarityRule, type Verdict } from './rules.js';
export { trialTumour } from './tumour-scope.js';
