/**
 * Geocode results kept between runs, keyed by the normalised place (city, state, ZIP,
 * country) rather than by trial, so the hundreds of trials at one cancer centre cost one
 * lookup, and an unchanged site is never geocoded twice.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { GeoPrecision } from '../../domain/geo.js';

/** A geocode outcome: coordinates and how they were found, or 'none' with nulls. */
export interface CachedPlace {
  latitude: number | null;
  longitude: number | null;
  precision: Exclude<GeoPrecision, 'site'>;
  /** US state the place settles (its ZIP's state, or the only state with a town of that name). */
  state: string | null;
}

/**
 * Bump when the file's layout changes. A change of the geocoding rules needs no bump: the
 * file records the geocoder's code fingerprint (GEOCODE_CODE, passed to load) and is dropped
 * under other code, so a better gazetteer match is never hidden behind an old 'none'.
 */
export const GEOCODE_CACHE_VERSION = 2;

/** File name of the persisted cache inside DATA_DIR, so every caller shares one file. */
export const GEOCODE_CACHE_FILE = 'geocode-cache.json';

type StoredEntry = [number | null, number | null, CachedPlace['precision'], string | null];

interface CacheFile {
  version: number;
  /** Fingerprint of the geocoding code and data packages that wrote the entries. */
  code?: string;
  entries: Record<string, StoredEntry>;
}

export class GeocodeCache {
  /** Lookups answered from the cache since this object was created. */
  hits = 0;
  /** Lookups the cache could not answer. */
  misses = 0;
  private readonly entries: Map<string, CachedPlace>;
  private dirty = false;

  private constructor(
    /** Where save() writes; null for a cache that lives only in memory. */
    readonly file: string | null,
    entries: Map<string, CachedPlace> = new Map(),
    private readonly code?: string,
  ) {
    this.entries = entries;
  }

  /** A cache that is never written to disk. */
  static inMemory(): GeocodeCache {
    return new GeocodeCache(null);
  }

  /**
   * Reads `file` (e.g. DATA_DIR/geocode-cache.json). A missing file, or one written by
   * another GEOCODE_CACHE_VERSION or other code (`code`, a fingerprint of the geocoding
   * source and data packages), gives an empty cache. An unreadable file is an error:
   * silently starting over would hide a broken disk behind a slow run.
   */
  static async load(file: string, code?: string): Promise<GeocodeCache> {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return new GeocodeCache(file, new Map(), code);
      throw err;
    }
    let parsed: CacheFile;
    try {
      parsed = JSON.parse(text) as CacheFile;
    } catch (err) {
      throw new Error(`Geocode cache ${file} is not valid JSON; delete it to start over`, {
        cause: err,
      });
    }
    if (
      parsed.version !== GEOCODE_CACHE_VERSION ||
      parsed.code !== code ||
      typeof parsed.entries !== 'object' ||
      parsed.entries === null
    ) {
      return new GeocodeCache(file, new Map(), code);
    }
    const entries = new Map<string, CachedPlace>();
    for (const [key, [latitude, longitude, precision, state]] of Object.entries(parsed.entries)) {
      entries.set(key, { latitude, longitude, precision, state });
    }
    return new GeocodeCache(file, entries, code);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached outcome for a place key, counting a hit or a miss. */
  get(key: string): CachedPlace | undefined {
    const found = this.entries.get(key);
    if (found) this.hits += 1;
    else this.misses += 1;
    return found;
  }

  set(key: string, place: CachedPlace): void {
    this.entries.set(key, place);
    this.dirty = true;
  }

  /**
   * Writes the cache atomically (write-file-atomic: temp file, fsync, rename), so a
   * crash mid-write leaves the previous file whole. Does nothing for an in-memory cache or
   * when nothing changed since load.
   */
  async save(): Promise<void> {
    if (!this.file || !this.dirty) return;
    const body: CacheFile = { version: GEOCODE_CACHE_VERSION, code: this.code, entries: {} };
    for (const [key, p] of this.entries)
      body.entries[key] = [p.latitude, p.longitude, p.precision, p.state];
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await writeFileAtomic(this.file, JSON.stringify(body));
    this.dirty = false;
  }
}
