/**
 * The pipeline's code scopes (the hashing itself is config/code-fingerprint.ts).
 */
import { fingerprintAtLoad, type CodeScope } from '../../config/code-fingerprint.js';

export {
  codeFingerprint,
  fingerprintAtLoad,
  type CodeScope,
} from '../../config/code-fingerprint.js';

/**
 * Everything a published row of the pipeline depends on besides its input record: the
 * mapping, enrichment, geocoding, flag rules, snapshot format and the libraries and data
 * packages (package-lock.json). The demo generator and evaluations are not part of a run.
 */
export const PIPELINE_CODE: CodeScope = fingerprintAtLoad({
  dirs: ['pipeline', 'domain', 'diagnosis', 'text', 'geo', 'snapshot'],
  files: ['package-lock.json'],
  skip: ['eval', 'demo'],
});

/** What a place-cache entry depends on: the geocoder, the shared geography and its data packages. */
export const GEOCODE_CODE: CodeScope = fingerprintAtLoad({
  dirs: ['pipeline/geocode', 'geo'],
  files: ['domain/geo.ts', 'package-lock.json'],
  skip: ['eval'],
});
