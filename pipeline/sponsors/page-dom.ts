/**
 * The slice of the DOM that code run inside Chromium touches. The project compiles without
 * the DOM lib (it is a Node service), so page-side functions type their elements with this.
 */
export interface DomElement {
  readonly textContent: string | null;
  readonly tagName: string;
  readonly nextElementSibling: DomElement | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
}
