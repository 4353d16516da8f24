/** A page no longer matches what its adapter expects: flagged, never retried. */
export class PageShapeError extends Error {
  constructor(
    readonly url: string,
    /** Which part of the catalog entry failed ("list.container", "detail.ready", "adapter roche: dl.trial-facts"). */
    readonly part: string,
    readonly selector: string,
  ) {
    super(`${url}: ${part} selector "${selector}" not found`);
    this.name = 'PageShapeError';
  }
}
