/**
 * Offline registry dumps: a directory (walked recursively), a .zip of the same, a single
 * .json / .xml file, or a .jsonl / .ndjson of study objects streamed line by line, which
 * keeps a 14,534-study dump out of memory.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import AdmZip from 'adm-zip';
import { PermanentStageError } from '../errors.js';
import { registryEntriesInJson, type DumpEntry, type SkippedRecord } from './forms.js';
import { jsonNestingExceeds, MAX_RECORD_DEPTH } from './json-depth.js';
import { parseClassicXml } from './map-classic-xml.js';

export interface ReadDumpOptions {
  /** Called for every record that is not a registry record (or does not parse). */
  onSkip?: (skipped: SkippedRecord) => void;
  /**
   * Texts the caller already holds the record of: such a text is neither checked nor
   * parsed, which is what makes re-reading a dump of mostly unchanged studies cheap.
   */
  known?: KnownTexts;
}

/** Texts (a JSONL line, a JSON or XML file) by the sha256 of their exact characters. */
export interface KnownTexts {
  has(textHash: string): boolean;
  /** Called, in dump order, instead of yielding the entry of a text `has` accepted. */
  seen(textHash: string, origin: string): void;
}

interface ReadContext {
  onSkip: (skipped: SkippedRecord) => void;
  known: KnownTexts | undefined;
}

/** The `textHash` of a text: sha256 of its characters (UTF-8), base64url. */
export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

type FileKind = 'json' | 'jsonl' | 'xml' | 'zip';

function fileKind(name: string): FileKind | null {
  const ext = path.extname(name).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ext === '.xml') return 'xml';
  if (ext === '.zip') return 'zip';
  return null;
}

export async function* readRegistryDump(
  dumpPath: string,
  options: ReadDumpOptions = {},
): AsyncGenerator<DumpEntry> {
  const rc: ReadContext = { onSkip: options.onSkip ?? (() => {}), known: options.known };
  const stat = await fs.stat(dumpPath).catch(() => null);
  if (!stat) throw new PermanentStageError(`registry dump not found: ${dumpPath}`);
  if (stat.isDirectory()) {
    for (const file of await listFiles(dumpPath, rc)) yield* readFile(file, rc);
    return;
  }
  if (!fileKind(dumpPath))
    throw new PermanentStageError(
      `unsupported registry dump (want a directory, .zip, .json, .jsonl, .ndjson or .xml): ${dumpPath}`,
    );
  yield* readFile(dumpPath, rc);
}

/**
 * Files of the known kinds under a directory, in a stable order. READMEs and licences are
 * ignored. The dump is what lies inside its folder: a link to a folder is not followed
 * (`parent -> ..` or `self -> .` would read neighbouring dumps, or this one again), and a
 * link to a file outside the folder is refused with its name. A file reached twice (a
 * link to a file of the dump) is read once.
 */
async function listFiles(dumpDir: string, rc: ReadContext): Promise<string[]> {
  const root = await fs.realpath(dumpDir);
  const seen = new Set<string>();
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isSymbolicLink()) {
        const file = await linkedFile(full, root, rc);
        if (file && fileKind(e.name) && !seen.has(file)) {
          seen.add(file);
          out.push(full);
        }
      } else if (e.isFile() && fileKind(e.name)) {
        const real = path.join(root, path.relative(dumpDir, full));
        if (!seen.has(real)) {
          seen.add(real);
          out.push(full);
        }
      }
    }
  };
  await walk(dumpDir);
  return out;
}

/** Where a link inside the dump leads: a file of the dump, or null (dangling, a folder). */
async function linkedFile(link: string, root: string, rc: ReadContext): Promise<string | null> {
  // A dangling link is reported by the import's empty-input check, not here.
  const target = await fs.realpath(link).catch(() => null);
  if (target === null) return null;
  const st = await fs.stat(target);
  if (st.isDirectory()) {
    rc.onSkip({ origin: link, reason: 'a link to a folder is not followed' });
    return null;
  }
  const inside = path.relative(root, target);
  if (inside.startsWith('..') || path.isAbsolute(inside))
    throw new PermanentStageError(
      `registry dump ${root}: ${path.relative(root, link)} links to ${target}, outside the dump ` +
        'folder; copy the file into the dump, or give the folder that holds it',
    );
  return st.isFile() ? target : null;
}

async function* readFile(file: string, rc: ReadContext): AsyncGenerator<DumpEntry> {
  switch (fileKind(file)) {
    case 'jsonl':
      yield* readJsonLines(file, rc);
      return;
    case 'zip':
      yield* readZip(file, rc);
      return;
    case 'json':
    case 'xml':
      yield* entriesInText(await fs.readFile(file, 'utf8'), file, rc);
      return;
    default:
      return;
  }
}

async function* readJsonLines(file: string, rc: ReadContext): AsyncGenerator<DumpEntry> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim()) yield* jsonLine(line, `${file}:${n}`, rc);
  }
}

function* jsonLine(line: string, origin: string, rc: ReadContext): Generator<DumpEntry> {
  yield* oneText(line, origin, rc, (onSkip) => {
    if (jsonNestingExceeds(line)) {
      onSkip({ origin, reason: `JSON nested deeper than ${MAX_RECORD_DEPTH} levels` });
      return [];
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      onSkip({ origin, reason: 'invalid JSON' });
      return [];
    }
    const entries = [...registryEntriesInJson(value, origin, onSkip)];
    // The line is the study itself: its text can be stored as it is, not re-serialised.
    if (entries.length === 1 && entries[0].study === value) entries[0].text = line;
    return entries;
  });
}

/**
 * The entries of one text, or none when `rc.known` holds it. A text that gives exactly one
 * entry and skips nothing carries its hash, so that the next read of the same text can
 * pass it by.
 */
function* oneText(
  text: string,
  origin: string,
  rc: ReadContext,
  parse: (onSkip: (s: SkippedRecord) => void) => DumpEntry[],
): Generator<DumpEntry> {
  if (!rc.known) {
    yield* parse(rc.onSkip);
    return;
  }
  const textHash = hashText(text);
  if (rc.known.has(textHash)) {
    rc.known.seen(textHash, origin);
    return;
  }
  let skipped = 0;
  const entries = parse((s) => {
    skipped++;
    rc.onSkip(s);
  });
  if (entries.length === 1 && skipped === 0) entries[0].textHash = textHash;
  yield* entries;
}

function* readZip(file: string, rc: ReadContext): Generator<DumpEntry> {
  const entries = new AdmZip(file)
    .getEntries()
    .filter((e) => !e.isDirectory && fileKind(e.entryName));
  entries.sort((a, b) => a.entryName.localeCompare(b.entryName));
  for (const entry of entries) {
    const origin = `${file}!${entry.entryName}`;
    const text = entry.getData().toString('utf8');
    if (fileKind(entry.entryName) === 'jsonl') {
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i++)
        if (lines[i].trim()) yield* jsonLine(lines[i], `${origin}:${i + 1}`, rc);
    } else if (fileKind(entry.entryName) === 'zip') {
      rc.onSkip({ origin, reason: 'nested zip archives are not read' });
    } else {
      yield* entriesInText(text, origin, rc);
    }
  }
}

function* entriesInText(raw: string, origin: string, rc: ReadContext): Generator<DumpEntry> {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (fileKind(origin) === 'xml' || text.trimStart().startsWith('<')) {
    yield* oneText(text, origin, rc, (onSkip) => {
      let study: Record<string, unknown> | null;
      try {
        study = parseClassicXml(text);
      } catch {
        onSkip({ origin, reason: 'invalid XML' });
        return [];
      }
      if (study) return [{ form: 'ctgov_xml', study, origin }];
      onSkip({ origin, reason: 'XML root is not <clinical_study>' });
      return [];
    });
    return;
  }
  yield* jsonLine(text, origin, rc);
}
