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
