/** Endpoints without query parameters still refuse them, like /trials refuses unknown ones. */
import { invalidParameter } from '../errors.js';

export function assertNoParameters(query: Record<string, unknown>): void {
  const [name] = Object.keys(query);
  if (name !== undefined)
    throw invalidParameter(name, 'unknown parameter; this endpoint takes none');
}
