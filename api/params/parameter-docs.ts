/**
 * The parameter tables of README.md and docs/api.md, written from the parameter table by
 * `npm run docs:parameters` (scripts/parameter-docs.ts) between marker comments; a test
 * (test/api/parameter-table.test.ts) fails when either file is out of date.
 */
import { PARAMETERS, type AnyParameter, type Surface } from './parameters.js';

export const TABLE_START = (id: string) =>
  `<!-- ${id}: generated from api/params/parameters.ts by npm run docs:parameters -->`;
export const TABLE_END = (id: string) => `<!-- /${id} -->`;

/** How the docs name each surface; null for one not served yet (issue 21's /match). */
const SURFACE_LABELS: Readonly<Record<Surface, string | null>> = {
  trials: '`/trials`',
  detail: 'detail',
  match: null,
  mcp: 'MCP',
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const urlValue = (value: string) => value.replace(/ /g, '+');

/** README: one row per parameter, or per group of parameters shown together (`readmeWith`). */
export function readmeParameterTable(table: readonly AnyParameter[] = PARAMETERS): string {
  const rows = ['| parameter | example | matches |', '|---|---|---|'];
  for (const head of table) {
    if (head.readmeWith !== undefined || !head.on.includes('trials')) continue;
    const group = [head, ...table.filter((p) => p.readmeWith === head.name)];
    const names = group.map((p) => `\`${p.name}\``).join(', ');
    const example = group.map((p) => `${p.name}=${urlValue(p.examples[0])}`).join('&');
    rows.push(`| ${names} | \`${example}\` | ${cell(head.brief ?? '')} |`);
  }
  return rows.join('\n');
}

function values(p: AnyParameter): string {
  if (!p.allowed) return p.type;
  if (Array.isArray(p.allowed)) return `${p.type}: ${p.allowed.join(', ')}`;
  const perKey = Object.entries(p.allowed as Record<string, readonly string[]>)
    .map(([key, ids]) => (ids.length ? `${key} ${ids.join(' ')}` : key))
    .join('; ');
  return `${p.type}: ${perKey}`;
}

/** docs/api.md: every parameter with its values, default, where it is taken and its rule. */
export function apiParameterTable(table: readonly AnyParameter[] = PARAMETERS): string {
  const rows = ['| parameter | values | default | taken by | rule |', '|---|---|---|---|---|'];
  for (const p of table) {
    const on = p.on.map((s) => SURFACE_LABELS[s]).filter((s) => s !== null);
    if (on.length === 0) continue;
    const fallback = p.default === undefined ? '' : `\`${p.default}\``;
    rows.push(
      `| \`${p.name}\` | ${cell(values(p))} | ${fallback} | ${on.join(', ')} | ${cell(p.description)} |`,
    );
  }
  return rows.join('\n');
}

/** `markdown` with the text between the `id` markers replaced by `table`. */
export function withTable(markdown: string, id: string, table: string): string {
  const start = markdown.indexOf(TABLE_START(id));
  const end = markdown.indexOf(TABLE_END(id));
  if (start < 0 || end < start) throw new Error(`no ${id} markers`);
  return `${markdown.slice(0, start)}${TABLE_START(id)}\n${table}\n${markdown.slice(end)}`;
}

/** The files holding a parameter table, and the table each holds. */
export const PARAMETER_TABLE_FILES = [
  { file: 'README.md', id: 'parameters', table: () => readmeParameterTable() },
  { file: 'docs/api.md', id: 'parameters', table: () => apiParameterTable() },
] as const;
