/**
 * ClinicalTrials.gov registry ids: `NCT` and eight digits. Anything else in the id field
 * of a registry record (a bare number, a path) is not a registry trial and is never
 * published as one; ids are also used in file names and URLs downstream.
 */
export const NCT_ID_RE = /^NCT\d{8}$/;

/** An NCT id anywhere in a text (sponsor pages cite them inline). */
export const NCT_ID_IN_TEXT_RE = /NCT\d{8}/i;

export function isNctId(id: string): boolean {
  return NCT_ID_RE.test(id);
}

/**
 * The project's own synthetic demo ids (`DEMO-000123`, and `DEMO-` + a sponsor-style id for
 * demo sponsor-only trials; pipeline/demo): no registry issues them, so they cannot be
 * mistaken for trials, and `demo --dump` output runs through the pipeline like a registry
 * dump. Letters, digits and dashes only: nothing a path or URL could be made of.
 */
export const DEMO_ID_RE = /^DEMO-[A-Za-z0-9-]{1,24}$/;

/** An id an offline registry dump may carry: a registry id or the project's demo id. */
export function isDumpTrialId(id: string): boolean {
  return NCT_ID_RE.test(id) || DEMO_ID_RE.test(id);
}

/**
 * A sponsor's own study code as sponsors print them (D5160C00007, B7461001, MK-3475-042,
 * CA209-9LA, BAY 2927088): letters and digits, with `.`, `_`, `-`, `/` or single spaces
 * between them, 3 to 40 characters, at least one digit. A sponsor row without a registry
 * id needs one of these; a trial without a registry id is published under it.
 */
export const SPONSOR_STUDY_ID_RE =
  /^(?=[^\d]*\d)[A-Za-z0-9](?:[A-Za-z0-9._/-]| (?! )){1,38}[A-Za-z0-9]$/;

export function isSponsorStudyId(id: string): boolean {
  return SPONSOR_STUDY_ID_RE.test(id);
}

/**
 * The id of a sponsor trial that names neither a registry id nor a study code: the sponsor's
 * slug in capitals and ten hex digits of its title's hash (pipeline/sponsors/merge.ts).
 */
export const SYNTHETIC_TRIAL_ID_RE = /^[A-Z][A-Z-]{1,30}-[0-9a-f]{10}$/;

/** Any id a published trial can have: registry, demo, sponsor study code or synthetic. */
export function isTrialId(id: string): boolean {
  return (
    NCT_ID_RE.test(id) ||
    DEMO_ID_RE.test(id) ||
    isSponsorStudyId(id) ||
    SYNTHETIC_TRIAL_ID_RE.test(id)
  );
}
