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
