/**
 * Offline registry dumps: a directory (walked recursively), a .zip of the same, a single
 * .json / .xml file, or a .jsonl / .ndjson of study objects streamed line by line, which
 * keeps a 14,534-study dump out of memory.
 */
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
  const onSkip = options.onSkip ?? (() => {});
  const stat = await fs.stat(dumpPath).catch(() => null);
  if (!stat) throw new PermanentStageError(`registry dump not found: ${dumpPath}`);
  if (stat.isDirectory()) {
    for (const file of await listFiles(dumpPath)) yield* readFile(file, onSkip);
    return;
  }
  if (!fileKind(dumpPath))
    throw new PermanentStageError(
      `unsupported registry dump (want a directory, .zip, .json, .jsonl, .ndjson or .xml): ${dumpPath}`,
    );
  yield* readFile(dumpPath, onSkip);
}

/**
 * Files of the known kinds under a directory, in a stable order. READMEs and licences are
 * ignored. Symlinks are followed (dumps are often assembled from links into a download
 * folder); a directory reached twice through links is read once.
 */
async function listFiles(dir: string, seen = new Set<string>()): Promise<string[]> {
  const real = await fs.realpath(dir);
  if (seen.has(real)) return [];
  seen.add(real);
  const out: string[] = [];
  const entries = await fs.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const full = path.join(dir, e.name);
    // A dangling link is reported by the import's empty-input check, not here.
    const st = e.isSymbolicLink() ? await fs.stat(full).catch(() => null) : e;
    if (!st) continue;
    if (st.isDirectory()) out.push(...(await listFiles(full, seen)));
    else if (st.isFile() && fileKind(e.name)) out.push(full);
  }
  return out;
}

async function* readFile(
  file: string,
  onSkip: (s: SkippedRecord) => void,
): AsyncGenerator<DumpEntry> {
  switch (fileKind(file)) {
    case 'jsonl':
      yield* readJsonLines(file, onSkip);
      return;
    case 'zip':
      yield* readZip(file, onSkip);
      return;
    case 'json':
    case 'xml':
      yield* entriesInText(await fs.readFile(file, 'utf8'), file, onSkip);
      return;
    default:
      return;
  }
}

async function* readJsonLines(
  file: string,
  onSkip: (s: SkippedRecord) => void,
): AsyncGenerator<DumpEntry> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim()) yield* jsonLine(line, `${file}:${n}`, onSkip);
  }
}

function* jsonLine(
  line: string,
  origin: string,
  onSkip: (s: SkippedRecord) => void,
): Generator<DumpEntry> {
  if (jsonNestingExceeds(line)) {
    onSkip({ origin, reason: `JSON nested deeper than ${MAX_RECORD_DEPTH} levels` });
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    onSkip({ origin, reason: 'invalid JSON' });
    return;
  }
  yield* registryEntriesInJson(value, origin, onSkip);
}

function* readZip(file: string, onSkip: (s: SkippedRecord) => void): Generator<DumpEntry> {
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
        if (lines[i].trim()) yield* jsonLine(lines[i], `${origin}:${i + 1}`, onSkip);
    } else if (fileKind(entry.entryName) === 'zip') {
      onSkip({ origin, reason: 'nested zip archives are not read' });
    } else {
      yield* entriesInText(text, origin, onSkip);
    }
  }
}

function* entriesInText(
  raw: string,
  origin: string,
  onSkip: (s: SkippedRecord) => void,
): Generator<DumpEntry> {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (fileKind(origin) === 'xml' || text.trimStart().startsWith('<')) {
    let study: Record<string, unknown> | null;
    try {
      study = parseClassicXml(text);
    } catch {
      onSkip({ origin, reason: 'invalid XML' });
      return;
    }
    if (study) yield { form: 'ctgov_xml', study, origin };
    else onSkip({ origin, reason: 'XML root is not <clinical_study>' });
    return;
  }
  yield* jsonLine(text, origin, onSkip);
}
