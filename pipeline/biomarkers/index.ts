export {
  extractBiomarkers,
  explainBiomarkers,
  type BiomarkerInput,
  type ExplainedRow,
} from './extract.js';
